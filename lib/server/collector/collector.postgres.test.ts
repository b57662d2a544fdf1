import { postgresForThisFile } from "@/test/servers/postgres-per-file";
import { describeCollectorContract } from "@/test/contracts/collector";

// The collector on a real Postgres (production mode's database): the same claims and pacing.

const freshDatabase = postgresForThisFile("collector");

describeCollectorContract("Postgres", {
  kind: "postgres",
  freshDatabase,
});

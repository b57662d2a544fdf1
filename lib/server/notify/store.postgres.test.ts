import { postgresForThisFile } from "@/test/servers/postgres-per-file";
import { describeNotifyStoreContract } from "@/test/contracts/notify-store";

// The notifications' database behaviour on a real Postgres (started here on a free port): a database per block.

const freshDatabase = postgresForThisFile("notify");

describeNotifyStoreContract("Postgres", {
  kind: "postgres",
  freshDatabase,
});

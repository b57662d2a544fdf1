import { postgresForThisFile } from "@/test/servers/postgres-per-file";
import { describeShareStoreContract } from "@/test/contracts/share-store";

// The share-link store on a real Postgres (Debian's postgresql, started here on a free port and stopped after).
const freshDatabase = postgresForThisFile("share");

describeShareStoreContract("Postgres", {
  freshDatabase,
});

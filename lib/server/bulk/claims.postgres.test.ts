import { openDatabase } from "@/lib/server/db";
import { postgresForThisFile } from "@/test/servers/postgres-per-file";
import { describeBulkClaimsContract } from "@/test/contracts/bulk-claims";

// Several bulk runners on one real Postgres, the second with its own pool, as another instance would have.

const freshDatabase = postgresForThisFile("claims");

describeBulkClaimsContract("Postgres", {
  kind: "postgres",
  freshDatabase,
  connect: openDatabase,
});

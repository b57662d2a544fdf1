import { postgresForThisFile } from "@/test/servers/postgres-per-file";
import { describeBulkAuthorAccessContract } from "@/test/contracts/bulk-author-access";

// Production mode: the users table and sessions on a real Postgres.
describeBulkAuthorAccessContract("Postgres", { kind: "postgres", freshDatabase: postgresForThisFile("bulkaccess") });

import { postgresForThisFile } from "@/test/servers/postgres-per-file";
import { describeLateWriteContract } from "@/test/contracts/late-write-outcomes";

// Production mode: the audit log and the settler's schedule on a real Postgres.
describeLateWriteContract("Postgres", { freshDatabase: postgresForThisFile("latewrite") });

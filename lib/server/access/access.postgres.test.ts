import { postgresForThisFile } from "@/test/servers/postgres-per-file";
import { describeAccessContract } from "@/test/contracts/access";

// The access check on a real Postgres with the users table (production mode).
describeAccessContract("Postgres", { kind: "postgres", freshDatabase: postgresForThisFile("access") });

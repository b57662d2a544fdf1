import { describeSignoffStanding } from "@/test/contracts/signoff-standing";
import { postgresForThisFile } from "@/test/servers/postgres-per-file";

// Production mode: a real Postgres holds the verdicts, the sessions and the users table.
describeSignoffStanding({ name: "Postgres", freshDatabase: postgresForThisFile("signoffstanding") });

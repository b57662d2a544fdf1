import { postgresForThisFile } from "@/test/servers/postgres-per-file";
import { describeJobRunnerContract } from "@/test/contracts/job-runner";

// pg-boss on a real Postgres: two runners, each with its own pool, as two instances would have.

describeJobRunnerContract("Postgres", { freshDatabase: postgresForThisFile("jobs") });

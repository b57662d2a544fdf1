import { postgresDatabase, type PostgresDatabase } from "@/test/servers/postgres-shared";
import { describeChecksApi } from "@/test/contracts/checks-api";

// The checks' routes on a real Postgres (Debian's postgresql): a database of its own on the run's server.
let database: PostgresDatabase | undefined;

describeChecksApi({
  label: "Postgres",
  start: async () => {
    database = await postgresDatabase("checks");
    return database.url;
  },
  stop: async () => {
    await database?.release();
  },
});

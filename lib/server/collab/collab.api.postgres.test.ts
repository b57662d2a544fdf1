import { postgresDatabase, type PostgresDatabase } from "@/test/servers/postgres-shared";
import { describeCollabApi } from "@/test/contracts/collab-api";

// The collab routes on a real Postgres (Debian's postgresql): a database of its own on the run's server.
let database: PostgresDatabase | undefined;

describeCollabApi({
  label: "Postgres",
  start: async () => {
    database = await postgresDatabase("collab");
    return database.url;
  },
  stop: async () => {
    await database?.release();
  },
});

import { postgresDatabase, type PostgresDatabase } from "@/test/servers/postgres-shared";
import { describeAnchorsApi } from "@/test/contracts/comments-anchors";

// Anchored comments on a real Postgres (Debian's postgresql, a database of its own on the run's server): migration 0019 there too.
let database: PostgresDatabase | undefined;

describeAnchorsApi({
  label: "Postgres",
  start: async () => {
    database = await postgresDatabase("anchors");
    return database.url;
  },
  stop: async () => {
    await database?.release();
  },
});

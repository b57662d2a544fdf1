import { startPostgres, type PostgresServer } from "@/test/servers/postgres";
import { describeAnchorsApi } from "@/test/contracts/comments-anchors";

// Anchored comments on a real Postgres (Debian's postgresql, started here on a free port, stopped after): migration 0019 there too.
let server: PostgresServer | undefined;

describeAnchorsApi({
  label: "Postgres",
  start: async () => {
    server = await startPostgres();
    return server.createDatabase("anchors");
  },
  stop: async () => {
    await server?.stop();
  },
});

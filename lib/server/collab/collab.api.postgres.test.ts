import { startPostgres, type PostgresServer } from "@/test/servers/postgres";
import { describeCollabApi } from "@/test/contracts/collab-api";

// The collab routes on a real Postgres (Debian's postgresql, started here on a free port, stopped after).
let server: PostgresServer | undefined;

describeCollabApi({
  label: "Postgres",
  start: async () => {
    server = await startPostgres();
    return server.createDatabase("collab");
  },
  stop: async () => {
    await server?.stop();
  },
});

import { startPostgres, type PostgresServer } from "@/test/servers/postgres";
import { describeChecksApi } from "@/test/contracts/checks-api";

// The checks' routes on a real Postgres (Debian's postgresql, started here on a free port, stopped after).
let server: PostgresServer | undefined;

describeChecksApi({
  label: "Postgres",
  start: async () => {
    server = await startPostgres();
    return server.createDatabase("checks");
  },
  stop: async () => {
    await server?.stop();
  },
});

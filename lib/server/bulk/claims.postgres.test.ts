import { afterAll, beforeAll } from "vitest";
import { openDatabase } from "@/lib/server/db";
import { startPostgres, type PostgresServer } from "@/test/servers/postgres";
import { describeBulkClaimsContract } from "./claims-contract";

// Several bulk runners on one real Postgres, the second with its own pool, as another instance would have.

let server: PostgresServer | undefined;
let n = 0;

beforeAll(async () => {
  process.env.LOG_LEVEL = "silent";
  process.env.UPSTREAM_API_KEY ??= "k";
  process.env.NEXTAUTH_SECRET ??= "test-secret-at-least-16-chars";
  server = await startPostgres();
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

describeBulkClaimsContract("Postgres", {
  kind: "postgres",
  freshDatabase: () => {
    if (!server) throw new Error("postgres did not start");
    return server.createDatabase(`claims_${++n}`);
  },
  connect: openDatabase,
});

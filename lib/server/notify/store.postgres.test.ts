import { afterAll, beforeAll } from "vitest";
import { closeDbForTests } from "@/lib/server/db";
import { startPostgres, type PostgresServer } from "@/test/servers/postgres";
import { describeNotifyStoreContract } from "./store-contract";

// The notifications' database behaviour on a real Postgres (started here on a free port): a database per block.

let server: PostgresServer | undefined;
let n = 0;

beforeAll(async () => {
  process.env.LOG_LEVEL = "silent";
  process.env.UPSTREAM_API_KEY ??= "k";
  process.env.NEXTAUTH_SECRET ??= "test-secret-at-least-16-chars";
  server = await startPostgres();
}, 60_000);

afterAll(async () => {
  await closeDbForTests();
  await server?.stop();
});

describeNotifyStoreContract("Postgres", {
  kind: "postgres",
  freshDatabase: () => {
    if (!server) throw new Error("postgres did not start");
    return server.createDatabase(`notify_${++n}`);
  },
});

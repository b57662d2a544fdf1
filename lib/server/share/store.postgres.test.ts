import { afterAll, beforeAll } from "vitest";
import { closeDbForTests } from "@/lib/server/db";
import { startPostgres, type PostgresServer } from "@/test/servers/postgres";
import { describeShareStoreContract } from "./store-contract";

// The share-link store on a real Postgres (Debian's postgresql, started here on a free port and stopped after).
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

describeShareStoreContract("Postgres", {
  freshDatabase: () => {
    if (!server) throw new Error("postgres did not start");
    return server.createDatabase(`share_${++n}`);
  },
});

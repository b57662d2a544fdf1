import { afterAll, beforeAll } from "vitest";
import { startPostgres, type PostgresServer } from "@/test/servers/postgres";
import { describeCollectorContract } from "./collector-contract";

// The collector on a real Postgres (production mode's database): the same claims and pacing.

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

describeCollectorContract("Postgres", {
  kind: "postgres",
  freshDatabase: () => {
    if (!server) throw new Error("postgres did not start");
    return server.createDatabase(`collector_${++n}`);
  },
});

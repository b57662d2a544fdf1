import { afterAll, beforeAll } from "vitest";
import { closeDbForTests } from "@/lib/server/db";
import { startPostgres, type PostgresServer } from "@/test/servers/postgres";
import { describeReviewAnalyticsFixtures } from "./fixtures-contract";

// The same hand-computed fixtures on a real Postgres (Debian's postgresql, started here on a free port).

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

describeReviewAnalyticsFixtures("Postgres", {
  kind: "postgres",
  freshDatabase: () => {
    if (!server) throw new Error("postgres did not start");
    return server.createDatabase(`review_analytics_${++n}`);
  },
});

import { afterAll, beforeAll } from "vitest";
import { closeDbForTests } from "@/lib/server/db";
import { startPostgres, type PostgresServer } from "./postgres";

/**
 * One real Postgres for the calling test file (Debian's postgresql on a free
 * port, in a temporary directory), started before its tests and stopped after
 * them; returns `freshDatabase`, which creates a new database per call
 * (`<prefix>_1`, `<prefix>_2`, …) and answers its URL. A machine without
 * postgres fails the file with the reason (test/servers/postgres.ts).
 */
export function postgresForThisFile(prefix: string): () => Promise<string> {
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
  return () => {
    if (!server) throw new Error("postgres did not start");
    return server.createDatabase(`${prefix}_${++n}`);
  };
}

import { afterAll, beforeAll } from "vitest";
import { closeDbForTests } from "@/lib/server/db";
import { postgresDatabase, type PostgresDatabase } from "./postgres-shared";

/**
 * Databases of the calling test file on a real Postgres (Debian's postgresql): the run's shared one
 * (test/servers/postgres-shared.ts), or one started for the file outside the integration project.
 * Returns `freshDatabase`, which creates a new empty database per call and answers its URL. A
 * machine without postgres fails the file with the reason (test/servers/postgres.ts).
 */
export function postgresForThisFile(prefix: string): () => Promise<string> {
  const held: PostgresDatabase[] = [];
  beforeAll(() => {
    process.env.LOG_LEVEL = "silent";
    process.env.UPSTREAM_API_KEY ??= "k";
    process.env.NEXTAUTH_SECRET ??= "test-secret-at-least-16-chars";
  });
  afterAll(async () => {
    await closeDbForTests();
    for (const d of held.splice(0)) await d.release();
  });
  return async () => {
    const d = await postgresDatabase(prefix);
    held.push(d);
    return d.url;
  };
}

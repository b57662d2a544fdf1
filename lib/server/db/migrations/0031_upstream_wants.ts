import "server-only";
import type { Kysely, Migration } from "kysely";

/*
 * upstream_wants: what the upstream scheduler is asked to read: kept answers
 * (upstream_snapshots) someone was shown after they expired, by key, and
 * campaigns asked for (a webhook, an unknown outcome) as "mirror:<id>". In
 * the database so a want made on one instance reaches the scheduler wherever
 * its job runs. Frozen once shipped.
 */
export const upstreamWants: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("upstream_wants")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("wanted_at", "text", (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("upstream_wants").execute();
  },
};

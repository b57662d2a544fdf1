import "server-only";
import type { Kysely, Migration } from "kysely";

/*
 * One lease table for every background job (lib/server/jobs). Frozen once shipped.
 * - job_leases: which instance runs a job, until when. On SQLite every
 *   recurring job is held here; on both databases a long-running job that must
 *   stay on one instance (a bot's long polling) is. It replaces telegram_lease,
 *   which held the bots' polling and the report sender under other names: a
 *   held lease simply lapses, so nothing is carried over.
 */
export const jobLeases: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("job_leases")
      .addColumn("name", "text", (c) => c.primaryKey())
      .addColumn("owner", "text", (c) => c.notNull())
      .addColumn("until", "text", (c) => c.notNull())
      .execute();
    await db.schema.dropTable("telegram_lease").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema
      .createTable("telegram_lease")
      .addColumn("name", "text", (c) => c.primaryKey())
      .addColumn("owner", "text", (c) => c.notNull())
      .addColumn("until", "text", (c) => c.notNull())
      .execute();
    await db.schema.dropTable("job_leases").execute();
  },
};

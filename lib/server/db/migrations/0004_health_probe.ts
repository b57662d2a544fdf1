import "server-only";
import type { Kysely, Migration } from "kysely";
import { int } from "./portable";

/*
 * health_probe: one row the health check overwrites, so "the database is fine"
 * means a write went through, not just a `select 1` (which a read-only or
 * full database still answers).
 * audit_replayed: the keys of fallback-file decisions already put into
 * audit_log, so a replay interrupted half-way can run again without doubles.
 * Frozen once shipped, like 0001.
 */
export const healthProbe: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("health_probe")
      .addColumn("id", int(db), (c) => c.primaryKey())
      .addColumn("at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("audit_replayed")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("audit_id", int(db), (c) => c.notNull())
      .addColumn("replayed_at", "text", (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("audit_replayed").execute();
    await db.schema.dropTable("health_probe").execute();
  },
};

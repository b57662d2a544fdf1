import "server-only";
import type { Kysely, Migration } from "kysely";

/*
 * The demo's seeded history: one row per part written
 * (`decisions`, `engagement`), so a restarted demo never writes it twice.
 * Empty outside the demo. Frozen once shipped.
 */
export const demoHistory: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("demo_history")
      .addColumn("part", "text", (c) => c.primaryKey())
      .addColumn("seeded_at", "text", (c) => c.notNull())
      .addColumn("rows", "integer", (c) => c.notNull())
      .execute();
  },
};

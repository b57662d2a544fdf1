import "server-only";
import { sql, type Kysely, type Migration } from "kysely";

/*
 * Bulk items are claimed (lib/server/bulk/claims.ts): `claimed_by` names the
 * runner deciding an item, `lease_until` (ISO text, like every time here) is
 * how long the claim holds unless renewed; a lapsed one means that runner
 * died mid-call. `bulk_pacing` keeps the earliest time of the next bulk write
 * for every instance at once, one row per lane. Frozen once shipped, like 0001.
 */
export const BULK_PACING_LANE = "bulk_writes";

export const bulkClaims: Migration = {
  async up(db: Kysely<unknown>) {
    // One column per statement: SQLite's ALTER TABLE adds one at a time.
    await db.schema.alterTable("bulk_job_items").addColumn("claimed_by", "text").execute();
    await db.schema.alterTable("bulk_job_items").addColumn("lease_until", "text").execute();
    await db.schema
      .createTable("bulk_pacing")
      .addColumn("lane", "text", (c) => c.primaryKey())
      .addColumn("next_at", "text", (c) => c.notNull())
      .execute();
    // The row exists from the start, so a claim can lock it (Postgres: FOR UPDATE) instead of racing to insert it.
    await sql`insert into bulk_pacing (lane, next_at) values (${BULK_PACING_LANE}, ${new Date(0).toISOString()})`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("bulk_pacing").execute();
    await db.schema.alterTable("bulk_job_items").dropColumn("lease_until").execute();
    await db.schema.alterTable("bulk_job_items").dropColumn("claimed_by").execute();
  },
};

import "server-only";
import type { Kysely, Migration } from "kysely";
import { int } from "./portable";

/*
 * The campaign mirror: every post of a campaign, all ten statuses,
 * kept here so every list, filter, page and count is cut locally and a restart
 * (or another instance on the same database) costs no refill.
 *
 * campaign_posts: one row per post; `post` is the upstream's Post object as
 * JSON, `status`, `published_at`, `created_at`, `updated_at` copied out for
 * filters and sorts; `fetched_at` when this copy was read (ISO text in UTC,
 * so text order is time order on both databases).
 *
 * campaign_sync: one row per mirrored campaign, written by the refresher:
 * `cursor` the newest `updated_at` the upstream has shown (deltas ask after it,
 * less an overlap), `full_at` the last full fill, `full_by` when the next full
 * fill is due (before media links reach half their lifetime), `fetched_at` the
 * last good refresh, `revision` bumped by every write (instances keep a copy in
 * memory while it matches), and a lease so one instance refreshes at a time.
 *
 * upstream_snapshots: last good answers of the slowly changing reads (account,
 * projects, channels, campaigns, campaign detail) so a restart serves them
 * without asking again. Frozen once shipped, like 0001.
 */
export const campaignMirror: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("campaign_posts")
      .addColumn("campaign_id", int(db), (c) => c.notNull())
      .addColumn("task_id", int(db), (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("published_at", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text")
      .addColumn("post", "text", (c) => c.notNull())
      .addColumn("fetched_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("campaign_posts_pk", ["campaign_id", "task_id"])
      .execute();
    await db.schema.createIndex("campaign_posts_task").on("campaign_posts").columns(["task_id"]).execute();
    await db.schema.createIndex("campaign_posts_status").on("campaign_posts").columns(["campaign_id", "status"]).execute();

    await db.schema
      .createTable("campaign_sync")
      .addColumn("campaign_id", int(db), (c) => c.primaryKey())
      .addColumn("campaign_name", "text", (c) => c.notNull())
      .addColumn("cursor", "text")
      .addColumn("full_at", "text", (c) => c.notNull())
      .addColumn("full_by", "text", (c) => c.notNull())
      .addColumn("fetched_at", "text", (c) => c.notNull())
      .addColumn("revision", int(db), (c) => c.notNull().defaultTo(0))
      .addColumn("lease_owner", "text")
      .addColumn("lease_until", "text")
      .execute();

    await db.schema
      .createTable("upstream_snapshots")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("value", "text", (c) => c.notNull())
      .addColumn("fetched_at", "text", (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("upstream_snapshots").execute();
    await db.schema.dropTable("campaign_sync").execute();
    await db.schema.dropTable("campaign_posts").execute();
  },
};

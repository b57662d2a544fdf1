import "server-only";
import { sql, type Kysely, type Migration } from "kysely";
import { int, serialKey } from "./portable";

/*
 * The local time series of engagement.
 *
 * metric_snapshots: one row per (post, platform or TOTAL, metric, upstream
 * collection time). `collected_at` is the upstream's own time of the value
 * (`updated_at` / history `collected_at`), so the same collection read twice,
 * or read from the detail and from the per-post engagement, is one row (unique
 * index); `recorded_at` is when we stored it, `source` which read brought it
 * (detail, engagement, history). Times are ISO text in UTC, so text order is
 * time order on both databases. The (campaign_id, metric_type, collected_at)
 * index serves the per-campaign-per-day trend; (task_id, collected_at) a post's
 * latest values.
 *
 * metric_collector_items: the collector's work, shared by every instance on
 * one database: one row per post (`post:<id>`, collect its current values),
 * per post history backfill (`history:<id>`), per campaign (`campaign:<id>`,
 * read its published list) and the campaigns list (`campaigns`). Due when
 * `next_due_at` <= now; claimed with a lease (lease_owner, lease_until) like
 * bulk items; `priority` then newest `published_at` first.
 *
 * metric_collector_pacing: one row, the earliest time of the collector's next
 * upstream call for all instances at once; moved forward by the claim.
 * Frozen once shipped, like 0001.
 */
const COLLECTOR_PACING_ROW = "collector";

export const metricSnapshots: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("metric_snapshots")
      .addColumn("id", int(db), serialKey(db))
      .addColumn("task_id", int(db), (c) => c.notNull())
      .addColumn("campaign_id", int(db), (c) => c.notNull())
      .addColumn("platform", "text", (c) => c.notNull())
      .addColumn("metric_type", "text", (c) => c.notNull())
      .addColumn("value", int(db), (c) => c.notNull())
      // As the upstream reported them with the value (per-post engagement, detail); null from history.
      .addColumn("previous_value", int(db))
      .addColumn("delta", int(db))
      .addColumn("collected_at", "text", (c) => c.notNull())
      .addColumn("recorded_at", "text", (c) => c.notNull())
      .addColumn("source", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("metric_snapshots_unique")
      .on("metric_snapshots")
      .columns(["task_id", "platform", "metric_type", "collected_at"])
      .unique()
      .execute();
    await db.schema.createIndex("metric_snapshots_campaign_day").on("metric_snapshots").columns(["campaign_id", "metric_type", "collected_at"]).execute();
    await db.schema.createIndex("metric_snapshots_post").on("metric_snapshots").columns(["task_id", "collected_at"]).execute();

    await db.schema
      .createTable("metric_collector_items")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("task_id", int(db))
      .addColumn("campaign_id", int(db))
      .addColumn("priority", int(db), (c) => c.notNull())
      .addColumn("published_at", "text")
      .addColumn("last_collected_at", "text")
      .addColumn("next_due_at", "text")
      .addColumn("cost", int(db), (c) => c.notNull().defaultTo(1))
      .addColumn("failures", int(db), (c) => c.notNull().defaultTo(0))
      .addColumn("lease_owner", "text")
      .addColumn("lease_until", "text")
      .execute();
    await db.schema.createIndex("metric_collector_due").on("metric_collector_items").columns(["next_due_at"]).execute();
    await db.schema.createIndex("metric_collector_campaign").on("metric_collector_items").columns(["campaign_id", "kind", "published_at"]).execute();

    await db.schema
      .createTable("metric_collector_pacing")
      .addColumn("name", "text", (c) => c.primaryKey())
      .addColumn("next_at", "text", (c) => c.notNull())
      .execute();
    await sql`insert into metric_collector_pacing (name, next_at) values (${COLLECTOR_PACING_ROW}, ${new Date(0).toISOString()})`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("metric_collector_pacing").execute();
    await db.schema.dropTable("metric_collector_items").execute();
    await db.schema.dropTable("metric_snapshots").execute();
  },
};

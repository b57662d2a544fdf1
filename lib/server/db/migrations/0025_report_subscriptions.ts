import "server-only";
import type { Kysely, Migration } from "kysely";
import { int } from "./portable";

/*
 * Scheduled reports (lib/server/reports/schedule). Frozen once shipped.
 * - report_subscriptions: a person's report (campaign or the whole team),
 *   weekly or monthly, on which day (weekday 1–7 from Monday, or day of the
 *   month 1–28) and hour in their zone, by e-mail and/or Telegram.
 * - report_deliveries: one row per subscription, period and channel, claimed
 *   before sending: the primary key makes a second send of the same period
 *   impossible, `status` says sent, failed (retried) or unknown (the sender
 *   stopped mid-send: never sent again, as it may have arrived).
 */
export const reportSubscriptions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("report_subscriptions")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("user_email", "text", (c) => c.notNull())
      .addColumn("campaign_id", int(db))
      .addColumn("cadence", "text", (c) => c.notNull())
      .addColumn("day", int(db), (c) => c.notNull())
      .addColumn("hour", int(db), (c) => c.notNull())
      .addColumn("by_email", int(db), (c) => c.notNull())
      .addColumn("by_telegram", int(db), (c) => c.notNull())
      .addColumn("locale", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("report_subscriptions_user").on("report_subscriptions").columns(["user_email"]).execute();
    await db.schema
      .createTable("report_deliveries")
      .addColumn("subscription_id", "text", (c) => c.notNull())
      .addColumn("period", "text", (c) => c.notNull())
      .addColumn("channel", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("attempts", int(db), (c) => c.notNull())
      .addColumn("owner", "text")
      .addColumn("claimed_until", "text")
      .addColumn("next_at", "text")
      .addColumn("sent_at", "text")
      .addColumn("error", "text")
      .addPrimaryKeyConstraint("report_deliveries_pk", ["subscription_id", "period", "channel"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("report_deliveries").execute();
    await db.schema.dropTable("report_subscriptions").execute();
  },
};

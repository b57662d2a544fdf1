import "server-only";
import type { Kysely, Migration } from "kysely";
import { campaignProjectsOf, keepCampaignProjects } from "../../mirror/projects";
import { int } from "./portable";

/*
 * Reports for a project (lib/server/reports): which project each campaign
 * belongs to, kept from every campaign list or detail answer the dashboard
 * reads (lib/server/mirror/projects.ts) and never dropped, so last month's
 * report of a project still finds a campaign that has since ended; and the
 * project a subscription or a share link names; `status` and dates as last
 * listed (a scheduled report waits for the mirror of the active campaigns
 * that ran in its period). Filled at once from the
 * answers already kept in upstream_snapshots. Frozen once shipped.
 */
export const reportProjects: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("campaign_projects")
      .addColumn("campaign_id", int(db), (c) => c.primaryKey())
      .addColumn("campaign_name", "text", (c) => c.notNull())
      .addColumn("project_id", int(db), (c) => c.notNull())
      .addColumn("project_name", "text", (c) => c.notNull())
      .addColumn("status", "text")
      .addColumn("start_date", "text")
      .addColumn("end_date", "text")
      .addColumn("seen_at", "text", (c) => c.notNull())
      .addColumn("first_seen_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("campaign_projects_project").on("campaign_projects").columns(["project_id"]).execute();
    await db.schema.alterTable("report_subscriptions").addColumn("project_id", int(db)).execute();
    await db.schema.alterTable("report_shares").addColumn("project_id", int(db)).execute();

    const kept = await (db as Kysely<{ upstream_snapshots: { key: string; value: string; fetched_at: string } }>)
      .selectFrom("upstream_snapshots")
      .select(["key", "value", "fetched_at"])
      .where((eb) => eb.or([eb("key", "like", "campaigns?%"), eb("key", "like", "campaign:%")]))
      .orderBy("fetched_at")
      .execute();
    for (const row of kept) {
      if (row.key.startsWith("campaign:") && !/^campaign:\d+$/.test(row.key)) continue;
      let value: unknown;
      try {
        value = JSON.parse(row.value);
      } catch {
        continue;
      }
      await keepCampaignProjects(db as never, campaignProjectsOf(value), Date.parse(row.fetched_at) || Date.now());
    }
  },
};

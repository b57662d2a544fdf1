import "server-only";
import type { Kysely } from "kysely";

/*
 * Which project each campaign belongs to (migration 0030), for reports of a
 * project: written from every campaign list or detail answer the dashboard
 * reads anyway (lib/server/service), read by the reports, so a project's
 * report costs no upstream request. Rows are never dropped: a campaign that
 * ended still belongs to its project for last month's report.
 */
export interface CampaignProjectsTable {
  campaign_id: number;
  campaign_name: string;
  project_id: number;
  project_name: string;
  /** The campaign's status as last listed; null when the answer did not say. */
  status: string | null;
  /** The campaign's days (YYYY-MM-DD) as last listed; end null: open-ended. */
  start_date: string | null;
  end_date: string | null;
  seen_at: string;
  /** When the dashboard first saw the campaign listed (never moved). */
  first_seen_at: string;
}

declare module "@/lib/server/db/schema" {
  interface Database {
    campaign_projects: CampaignProjectsTable;
  }
}

type Db = Kysely<{ campaign_projects: CampaignProjectsTable }>;
export type CampaignProject = { id: number; name: string; project_id: number; project_name: string; status?: string | null; start_date?: string | null; end_date?: string | null };

const isItem = (c: unknown): c is CampaignProject => {
  const o = c as Record<string, unknown> | null;
  return !!o && Number.isSafeInteger(o.id) && Number.isSafeInteger(o.project_id) && typeof o.name === "string" && typeof o.project_name === "string";
};

const day = (v: unknown) => (typeof v === "string" && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null);

/** The campaigns of an upstream answer: a campaign list (`{ campaigns }`) or one campaign's detail. */
export function campaignProjectsOf(answer: unknown): CampaignProject[] {
  const list = (answer as { campaigns?: unknown } | null)?.campaigns;
  return (Array.isArray(list) ? list : [answer]).filter(isItem).map((c) => ({ id: c.id, name: c.name, project_id: c.project_id, project_name: c.project_name, status: typeof c.status === "string" ? c.status : null, start_date: day(c.start_date), end_date: day(c.end_date) }));
}

export async function keepCampaignProjects(db: Db, campaigns: readonly CampaignProject[], at = Date.now()): Promise<void> {
  const seen_at = new Date(at).toISOString();
  for (const c of campaigns) {
    const row = { campaign_id: c.id, campaign_name: c.name, project_id: c.project_id, project_name: c.project_name, status: c.status ?? null, start_date: c.start_date ?? null, end_date: c.end_date ?? null, seen_at, first_seen_at: seen_at };
    await db
      .insertInto("campaign_projects")
      .values(row)
      // An older answer (a kept snapshot) never overwrites a newer one.
      .onConflict((oc) => oc.column("campaign_id").doUpdateSet({ campaign_name: row.campaign_name, project_id: row.project_id, project_name: row.project_name, status: row.status, start_date: row.start_date, end_date: row.end_date, seen_at }).where("campaign_projects.seen_at", "<=", seen_at))
      .execute();
  }
}

/** Every project a campaign was seen in, by name: the reports' choice of project. */
export async function knownProjects(db: Db): Promise<{ id: number; name: string }[]> {
  const rows = await db.selectFrom("campaign_projects").select(["project_id", "project_name", "seen_at"]).orderBy("seen_at", "desc").execute();
  const names = new Map<number, string>();
  // The newest name a project was seen under.
  for (const r of rows) if (!names.has(Number(r.project_id))) names.set(Number(r.project_id), r.project_name);
  return [...names].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}

/** A project's name and campaigns, or null when no campaign of it was ever seen. */
export async function projectCampaigns(db: Db, projectId: number): Promise<{ name: string; campaignIds: number[] } | null> {
  const rows = await db.selectFrom("campaign_projects").select(["campaign_id", "project_name", "seen_at"]).where("project_id", "=", projectId).orderBy("seen_at", "desc").execute();
  if (rows.length === 0) return null;
  return { name: rows[0]!.project_name, campaignIds: rows.map((r) => Number(r.campaign_id)).sort((a, b) => a - b) };
}

/**
 * Campaigns of the scope (null: all) that were ACTIVE or FROZEN when last
 * listed, ran in the period (by their days), were first listed after `since`,
 * and whose posts the mirror has never held: a report of that period built
 * now would leave them out. Right after a start the collector and the mirror
 * are still filling them; one still unmirrored long after it was first seen
 * is taken to be gone and holds nothing back.
 */
export async function unmirroredActive(
  db: Kysely<{ campaign_projects: CampaignProjectsTable; campaign_sync: { campaign_id: number } }>,
  campaignIds: readonly number[] | null,
  period: { from: string; to: string },
  since: number,
): Promise<number[]> {
  let q = db
    .selectFrom("campaign_projects")
    .select("campaign_id")
    .where("status", "in", ["ACTIVE", "FROZEN"])
    .where("first_seen_at", ">=", new Date(since).toISOString())
    .where((eb) => eb.or([eb("start_date", "is", null), eb("start_date", "<=", period.to)]))
    .where((eb) => eb.or([eb("end_date", "is", null), eb("end_date", ">=", period.from)]))
    .where("campaign_id", "not in", db.selectFrom("campaign_sync").select("campaign_id"));
  if (campaignIds !== null) q = q.where("campaign_id", "in", campaignIds.length ? campaignIds : [-1]);
  return (await q.execute()).map((r) => Number(r.campaign_id)).sort((a, b) => a - b);
}

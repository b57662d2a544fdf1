import "server-only";
import type { Kysely } from "kysely";
import { dailyTotals, dayEndMs, daysOf } from "@/lib/analytics/engagement-trends";
import { daysBetween } from "@/lib/analytics/dates";
import { checksAnalytics } from "@/lib/server/checks/analytics";
import { METRIC_TYPES } from "@/lib/schemas/values";
import type { Post } from "@/lib/schemas";
import { totalsOf } from "@/lib/server/collector/store";
import { db as appDb, ensureMigrated, type Database } from "@/lib/server/db";
import { computeReviewAnalytics, type PostFacts } from "@/lib/server/review-analytics/compute";
import { loadDecisions } from "@/lib/server/review-analytics/decisions";
import { startOfDay } from "@/lib/time/zone";
import type { MetricTotal, Report, ReportPost } from "@/lib/reports/types";
import type {} from "@/lib/server/mirror/store";
import { ApiError, text } from "@/lib/server/errors";
import { projectCampaigns } from "@/lib/server/mirror/projects";
import { previousPeriod } from "./period";

/*
 * The report from the dashboard's own database only: the campaign mirror
 * (posts, plan), the collector's TOTAL series (engagement), the audit log
 * (decisions) and the check reports. No upstream call, so a report costs
 * nothing of the API budget however often it is opened, mailed or shared.
 *
 * Definitions (the issue is silent):
 * - A post is "of the period" when its `published_at` (planned or actual
 *   moment) falls in it; planned = every such post but CANCELED, published =
 *   PUBLISHED or PARTIALLY_PUBLISHED.
 * - Engagement totals: each published post's last TOTAL value per metric
 *   collected before the period ended, summed; the period before is counted
 *   the same way over its own posts.
 * - Best and worst posts are ranked by interactions (likes, comments, reposts,
 *   reactions: every metric but views) at the period's end.
 */
const PUBLISHED = new Set(["PUBLISHED", "PARTIALLY_PUBLISHED"]);
const INTERACTIONS = new Set(METRIC_TYPES.filter((m) => m !== "VIEWS"));
const TOP = 5;

type Row = { campaign_id: number; task_id: number; status: string; published_at: string | null; created_at: string; post: string };

async function postsBetween(db: Kysely<Database>, campaignIds: readonly number[] | null, fromIso: string, endIso: string): Promise<Row[]> {
  let q = db
    .selectFrom("campaign_posts")
    .select(["campaign_id", "task_id", "status", "published_at", "created_at", "post"])
    .where("published_at", ">=", fromIso)
    .where("published_at", "<", endIso);
  if (campaignIds !== null) q = q.where("campaign_id", "in", campaignIds);
  const rows = await q.execute();
  return rows.map((r) => ({ ...r, campaign_id: Number(r.campaign_id), task_id: Number(r.task_id) }));
}

/** Each post's last value per metric up to the end (samples come oldest first). */
function lastValues(samples: readonly { task_id: number; metric_type: string; value: number }[]): Map<number, Map<string, number>> {
  const out = new Map<number, Map<string, number>>();
  for (const s of samples) {
    const id = Number(s.task_id);
    let m = out.get(id);
    if (!m) out.set(id, (m = new Map()));
    m.set(s.metric_type, Number(s.value));
  }
  return out;
}

function sumMetrics(last: Map<number, Map<string, number>>): Map<string, number> {
  const sums = new Map<string, number>();
  for (const m of last.values()) for (const [k, v] of m) sums.set(k, (sums.get(k) ?? 0) + v);
  return sums;
}

function parsed(r: Row): Post | null {
  try {
    return JSON.parse(r.post) as Post;
  } catch {
    return null;
  }
}

function reportPost(r: Row, last: Map<string, number> | undefined, names: Map<number, string>): ReportPost {
  const p = parsed(r);
  const firstLine = (p?.text ?? "").split("\n").map((l) => l.trim()).find((l) => l.length > 0) ?? "";
  const image = p?.media?.images.find((i) => i.is_selected) ?? p?.media?.images[0];
  let engagement = 0;
  for (const [k, v] of last ?? []) if (INTERACTIONS.has(k as never)) engagement += v;
  return {
    taskId: r.task_id,
    campaignId: r.campaign_id,
    campaignName: names.get(r.campaign_id) ?? p?.campaign_name ?? String(r.campaign_id),
    firstLine: firstLine.length > 140 ? `${firstLine.slice(0, 139)}…` : firstLine,
    thumbnail: image && /^https?:/.test(image.url) ? image.url : null,
    publishedAt: r.published_at,
    engagement,
  };
}

/** A project's name and campaigns; not_found when the dashboard never saw a campaign of it. */
export async function requireProject(db: Kysely<Database>, projectId: number): Promise<{ name: string; campaignIds: number[] }> {
  const project = await projectCampaigns(db, projectId);
  if (!project) throw new ApiError("not_found", text("validation.reportProjectUnknown", { id: projectId }));
  return project;
}

/**
 * The report of a campaign, a project (the campaigns the dashboard has seen
 * in it: lib/server/mirror/projects.ts) or, with neither, the whole team.
 * An unknown project is not_found (a campaign unknown here is just empty, as before).
 */
export async function buildReport(o: { campaignId: number | null; projectId?: number | null; period: { from: string; to: string }; timeZone: string; now?: number; db?: Kysely<Database> }): Promise<Report> {
  await ensureMigrated();
  const db = o.db ?? appDb();
  const { period, timeZone, campaignId } = o;
  const projectId = campaignId === null ? (o.projectId ?? null) : null;
  const project = projectId === null ? null : await requireProject(db, projectId);
  const campaignIds = campaignId !== null ? [campaignId] : (project?.campaignIds ?? null);
  const prev = previousPeriod(period);
  const fromIso = startOfDay(period.from, timeZone).toISOString();
  const endIso = new Date(dayEndMs(period.to, timeZone)).toISOString();
  const prevFromIso = startOfDay(prev.from, timeZone).toISOString();

  const sync = await db.selectFrom("campaign_sync").select(["campaign_id", "campaign_name"]).execute();
  const names = new Map(sync.map((s) => [Number(s.campaign_id), s.campaign_name]));

  const [rows, prevRows] = await Promise.all([postsBetween(db, campaignIds, fromIso, endIso), postsBetween(db, campaignIds, prevFromIso, fromIso)]);
  const published = rows.filter((r) => PUBLISHED.has(r.status));
  const prevPublished = prevRows.filter((r) => PUBLISHED.has(r.status));
  const ids = published.map((r) => r.task_id);
  const [samples, prevSamples] = await Promise.all([totalsOf(db, ids, endIso), totalsOf(db, prevPublished.map((r) => r.task_id), fromIso)]);
  const last = lastValues(samples);
  const sums = sumMetrics(last);
  const prevSums = sumMetrics(lastValues(prevSamples));
  const metrics = METRIC_TYPES.filter((m) => sums.has(m) || prevSums.has(m));
  const totals: MetricTotal[] = metrics.map((metric) => {
    const value = sums.get(metric) ?? 0;
    const previous = prevSums.get(metric) ?? 0;
    return { metric, value, previous, change: previous === 0 ? null : (value - previous) / previous };
  });
  const trend = dailyTotals(
    samples.map((s) => ({ ...s, task_id: Number(s.task_id), value: Number(s.value) })),
    ids,
    metrics,
    daysOf(period.from, period.to),
    timeZone,
  );

  const ranked = published.filter((r) => last.has(r.task_id)).map((r) => reportPost(r, last.get(r.task_id), names));
  ranked.sort((a, b) => b.engagement - a.engagement || a.taskId - b.taskId);
  const best = ranked.slice(0, TOP);
  // With fewer than ten posts the two lists share some: each is still its own five.
  const worst = ranked.slice(-TOP).reverse();

  const plan = { planned: 0, published: published.length, failed: 0, waiting: 0, canceled: 0 };
  for (const r of rows) {
    if (r.status === "CANCELED") plan.canceled++;
    else plan.planned++;
    if (r.status === "FAILED") plan.failed++;
    if (r.status === "WAITING_APPROVAL") plan.waiting++;
  }

  // The review: decisions from the audit log, post times from the mirror (not the upstream lists).
  const decisions = await loadDecisions(period, project ? project.campaignIds : campaignId, timeZone);
  const decided = [...new Set(decisions.map((d) => d.task_id))];
  const facts: PostFacts[] = [];
  for (let i = 0; i < decided.length; i += 200) {
    const part = await db.selectFrom("campaign_posts").select(["task_id", "campaign_id", "status", "created_at", "published_at"]).where("task_id", "in", decided.slice(i, i + 200)).execute();
    facts.push(...part.map((p) => ({ ...p, task_id: Number(p.task_id), campaign_id: Number(p.campaign_id) })));
  }
  const review = computeReviewAnalytics({ range: period, campaignId, decisions, posts: facts, campaignNames: names, now: o.now ?? Date.now(), maxRows: 0, timeZone });
  const checks = await checksAnalytics(period, project ? project.campaignIds : campaignId, timeZone);
  const rules = new Map<string, number>();
  for (const r of checks.by_rule) rules.set(r.rule, (rules.get(r.rule) ?? 0) + r.count);

  return {
    scope: { campaignId, campaignName: campaignId === null ? null : (names.get(campaignId) ?? null), projectId, projectName: project?.name ?? null },
    period: { ...period, days: daysBetween(period.from, period.to) + 1, timeZone },
    previous: prev,
    engagement: { totals, trend },
    best,
    worst,
    plan,
    review: {
      decisions: review.summary.decisions,
      approvals: review.summary.approvals,
      rejections: review.summary.rejections,
      medianToDecision: review.summary.toDecision.median,
      people: review.people.map((p) => ({ name: p.name, decisions: p.decisions, approvals: p.approvals, rejections: p.rejections })),
      reasons: review.reasons.map((r) => ({ category: r.category, count: r.count })),
    },
    checks: {
      rules: [...rules].map(([rule, count]) => ({ rule, count })).sort((a, b) => b.count - a.count),
      flagged: { approved: checks.decisions.flagged.approved, rejected: checks.decisions.flagged.rejected },
      clean: { approved: checks.decisions.clean.approved, rejected: checks.decisions.clean.rejected },
    },
    generatedAt: new Date(o.now ?? Date.now()).toISOString(),
  };
}

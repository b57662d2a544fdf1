import "server-only";
import { calendarDay, shiftDay } from "@/lib/analytics/dates";
import { DEFAULT_TIME_ZONE, startOfDay } from "@/lib/time/zone";
import type { ReviewAnalytics } from "@/lib/schemas/review-analytics";
import { durationStat } from "./percentile";

/**
 * Review-process analytics as a pure function of the audit log's decisions
 * and the campaigns' post lists: no database, no upstream, no clock of its
 * own, so tests compare it with figures computed by hand.
 *
 * Definitions (where the issue is silent):
 * - A decision is an approve or reject the upstream took: HTTP 200 and no
 *   error code (the query already filters so); a refused attempt is not one.
 *   Every decision counts for people, days, campaigns and reasons.
 * - Per post, "generation → decision" uses the post's first decision in the
 *   range, from its `created_at`; "decision → publication" uses its last
 *   approval in the range, up to `published_at` of a post now PUBLISHED or
 *   PARTIALLY_PUBLISHED (the list's `published_at` is the publication moment
 *   once published, the planned moment before). Negative spans (clocks
 *   disagreeing) are left out rather than counted as zero.
 * - A decision is late when it was taken after the post's planned time,
 *   i.e. its `published_at` as the list shows it now.
 * - A post is overdue when it is still WAITING_APPROVAL and its planned time
 *   is in the range and already past.
 */
export type Decision = {
  id: number;
  at: string;
  user_email: string;
  user_name: string;
  task_id: number;
  campaign_id: number | null;
  action: "approve" | "reject";
  reason_category: string | null;
};

export type PostFacts = {
  task_id: number;
  campaign_id: number;
  status: string;
  created_at: string;
  published_at: string | null;
};

export type Inputs = {
  range: { from: string; to: string };
  campaignId: number | null;
  /** Decisions in the range, oldest first. */
  decisions: readonly Decision[];
  /** Every post the lists know of the campaigns in scope. */
  posts: readonly PostFacts[];
  campaignNames: ReadonlyMap<number, string>;
  now: number;
  /** Rows of `late` and `overdue` kept in the answer (their totals are in `summary`). */
  maxRows?: number;
  /** The zone the range's days are counted in (the reader's); the team's default when not given. */
  timeZone?: string;
};

/** The calendar day of an instant in the zone (one formatter per zone and process: lib/analytics/dates.ts). */
const dayIn = (atMs: number, timeZone: string) => calendarDay(new Date(atMs), timeZone);

const PUBLISHED = new Set(["PUBLISHED", "PARTIALLY_PUBLISHED"]);
const WAITING = "WAITING_APPROVAL";
const seconds = (fromMs: number, toMs: number) => Math.round((toMs - fromMs) / 1000);
const ms = (iso: string | null): number | undefined => {
  if (!iso) return undefined;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? undefined : t;
};
const ratio = (part: number, whole: number) => (whole === 0 ? null : part / whole);

type Tally = { decisions: number; approvals: number; rejections: number };
const tally = (): Tally => ({ decisions: 0, approvals: 0, rejections: 0 });
const add = (t: Tally, d: Decision) => {
  t.decisions++;
  if (d.action === "approve") t.approvals++;
  else t.rejections++;
};

export function computeReviewAnalytics(input: Inputs): ReviewAnalytics {
  const { decisions, range, now } = input;
  const maxRows = input.maxRows ?? 200;
  const zone = input.timeZone ?? DEFAULT_TIME_ZONE;
  const posts = new Map(input.posts.map((p) => [p.task_id, p]));

  const total = tally();
  const people = new Map<string, Tally & { name: string }>();
  const byDay = new Map<string, { approvals: number; rejections: number }>();
  const byCampaign = new Map<number, Tally & { spans: number[] }>();
  const reasons = new Map<string | null, number>();
  const firstDecision = new Map<number, Decision>();
  const lastApproval = new Map<number, Decision>();
  const late: ReviewAnalytics["late"] = [];

  for (const d of decisions) {
    add(total, d);
    const person = people.get(d.user_email) ?? { ...tally(), name: d.user_name };
    person.name = d.user_name; // the latest spelling of the name
    add(person, d);
    people.set(d.user_email, person);
    const dayKey = dayIn(ms(d.at) as number, zone);
    const dayRow = byDay.get(dayKey) ?? { approvals: 0, rejections: 0 };
    if (d.action === "approve") dayRow.approvals++;
    else dayRow.rejections++;
    byDay.set(dayKey, dayRow);
    const post = posts.get(d.task_id);
    const campaignId = d.campaign_id ?? post?.campaign_id ?? null;
    if (campaignId !== null) {
      const c = byCampaign.get(campaignId) ?? { ...tally(), spans: [] };
      add(c, d);
      byCampaign.set(campaignId, c);
    }
    if (d.action === "reject") reasons.set(d.reason_category, (reasons.get(d.reason_category) ?? 0) + 1);
    if (!firstDecision.has(d.task_id)) firstDecision.set(d.task_id, d);
    if (d.action === "approve") lastApproval.set(d.task_id, d);
    const planned = post ? ms(post.published_at) : undefined;
    const at = ms(d.at) as number;
    if (planned !== undefined && at > planned) {
      late.push({
        taskId: d.task_id,
        campaignId,
        campaignName: campaignId === null ? null : (input.campaignNames.get(campaignId) ?? null),
        at: d.at,
        plannedAt: new Date(planned).toISOString(),
        lateBySeconds: seconds(planned, at),
        action: d.action,
        userName: d.user_name,
      });
    }
  }

  const toDecision: number[] = [];
  let postsNotFound = 0;
  for (const [taskId, d] of firstDecision) {
    const post = posts.get(taskId);
    const created = post ? ms(post.created_at) : undefined;
    if (!post || created === undefined) {
      postsNotFound += post ? 0 : 1;
      continue;
    }
    const span = seconds(created, ms(d.at) as number);
    if (span < 0) continue;
    toDecision.push(span);
    byCampaign.get(d.campaign_id ?? post.campaign_id)?.spans.push(span);
  }

  const toPublication: number[] = [];
  for (const [taskId, d] of lastApproval) {
    const post = posts.get(taskId);
    const published = post && PUBLISHED.has(post.status) ? ms(post.published_at) : undefined;
    if (published === undefined) continue;
    const span = seconds(ms(d.at) as number, published);
    if (span >= 0) toPublication.push(span);
  }

  const fromMs = startOfDay(range.from, zone).getTime();
  const toMs = startOfDay(shiftDay(range.to, 1), zone).getTime() - 1;
  const overdue: ReviewAnalytics["overdue"] = [];
  for (const p of input.posts) {
    if (p.status !== WAITING) continue;
    if (input.campaignId !== null && p.campaign_id !== input.campaignId) continue;
    const planned = ms(p.published_at);
    if (planned === undefined || planned > now || planned < fromMs || planned > toMs) continue;
    overdue.push({
      taskId: p.task_id,
      campaignId: p.campaign_id,
      campaignName: input.campaignNames.get(p.campaign_id) ?? null,
      createdAt: p.created_at,
      plannedAt: new Date(planned).toISOString(),
      overdueSeconds: seconds(planned, now),
    });
  }
  overdue.sort((a, b) => b.overdueSeconds - a.overdueSeconds || a.taskId - b.taskId);
  late.sort((a, b) => b.lateBySeconds - a.lateBySeconds || a.taskId - b.taskId);

  const days: ReviewAnalytics["days"] = [];
  for (let d = range.from; d <= range.to; d = shiftDay(d, 1)) days.push({ day: d, ...(byDay.get(d) ?? { approvals: 0, rejections: 0 }) });

  const rejections = total.rejections;
  return {
    range: { from: range.from, to: range.to, days: days.length },
    campaignId: input.campaignId,
    summary: {
      ...total,
      approvalRate: ratio(total.approvals, total.decisions),
      rejectionRate: ratio(total.rejections, total.decisions),
      decidedPosts: firstDecision.size,
      toDecision: durationStat(toDecision),
      toPublication: durationStat(toPublication),
      lateDecisions: late.length,
      overdueWaiting: overdue.length,
      postsNotFound,
    },
    people: [...people]
      .map(([email, p]) => ({ email, name: p.name, decisions: p.decisions, approvals: p.approvals, rejections: p.rejections }))
      .sort((a, b) => b.decisions - a.decisions || a.email.localeCompare(b.email)),
    days,
    campaigns: [...byCampaign]
      .map(([id, c]) => ({
        id,
        name: input.campaignNames.get(id) ?? null,
        decisions: c.decisions,
        approvals: c.approvals,
        rejections: c.rejections,
        approvalRate: ratio(c.approvals, c.decisions),
        rejectionRate: ratio(c.rejections, c.decisions),
        toDecision: durationStat(c.spans),
      }))
      .sort((a, b) => b.decisions - a.decisions || a.id - b.id),
    reasons: [...reasons]
      .map(([category, count]) => ({ category, count, share: count / rejections }))
      // Most used first; ties by code, "no category" last.
      .sort((a, b) => b.count - a.count || Number(a.category === null) - Number(b.category === null) || (a.category ?? "").localeCompare(b.category ?? "")),
    late: late.slice(0, maxRows),
    overdue: overdue.slice(0, maxRows),
    computedAt: new Date(now).toISOString(),
  };
}

import "server-only";
import { calendarDay } from "@/lib/analytics/dates";
import { rangeBounds } from "@/lib/server/review-analytics/decisions";
import { db, ensureMigrated } from "@/lib/server/db";
import { DEFAULT_TIME_ZONE } from "@/lib/time/zone";
import type { Finding, Verdict } from "@/lib/checks/types";
import "./tables";

/*
 * What the checks teach, for whoever tunes the generator:
 * findings by rule and campaign per day (versions first checked in the
 * range), how often clean and flagged versions were approved or rejected
 * (each decision joined to the report of the version it was taken on), and
 * the share of posts clean at their first checked version, per campaign.
 * Database only (reports and the audit log).
 */

import type { ChecksAnalytics, FirstVersion, Outcomes, RuleDay } from "@/lib/checks/analytics-types";
import type { CsvTable } from "@/lib/csv/zip";

export type { ChecksAnalytics } from "@/lib/checks/analytics-types";

const outcomes = (): Outcomes => ({ approved: 0, rejected: 0, approve_rate: null });
// The reader's calendar day (their zone, lib/server/profile/request-zone.ts), as the range's bounds are: not the UTC date.
const dayOf = (iso: string, timeZone: string) => calendarDay(new Date(iso), timeZone);

export async function checksAnalytics(range: { from: string; to: string }, campaignId: number | readonly number[] | null, timeZone = DEFAULT_TIME_ZONE): Promise<ChecksAnalytics> {
  await ensureMigrated();
  const { fromIso, toIso } = rangeBounds(range, timeZone);

  let reports = db().selectFrom("check_reports").select(["task_id", "campaign_id", "version", "verdict", "findings", "first_seen_at"]).where("first_seen_at", ">=", fromIso).where("first_seen_at", "<=", toIso);
  // A list: a project's campaigns (the reports).
  const scope = typeof campaignId === "number" ? [campaignId] : campaignId === null ? null : campaignId.length ? campaignId : [-1];
  if (scope) reports = reports.where("campaign_id", "in", scope);
  const rows = await reports.execute();

  const byRule = new Map<string, RuleDay>();
  for (const r of rows) {
    for (const f of JSON.parse(r.findings) as Finding[]) {
      const day = dayOf(r.first_seen_at, timeZone);
      const key = `${day}|${r.campaign_id}|${f.rule}`;
      const e = byRule.get(key) ?? { day, campaign_id: Number(r.campaign_id), rule: f.rule, count: 0 };
      e.count++;
      byRule.set(key, e);
    }
  }

  // The first checked version of each post with one in the range: clean or not.
  const first = new Map<number, { campaign_id: number; version: number; verdict: string }>();
  for (const r of rows) {
    if (r.version === null) continue;
    const had = first.get(Number(r.task_id));
    if (!had || Number(r.version) < had.version) first.set(Number(r.task_id), { campaign_id: Number(r.campaign_id), version: Number(r.version), verdict: r.verdict });
  }
  const perCampaign = new Map<number, FirstVersion>();
  for (const f of first.values()) {
    const e = perCampaign.get(f.campaign_id) ?? { campaign_id: f.campaign_id, posts: 0, clean: 0, share: null };
    e.posts++;
    if (f.verdict === "clean") e.clean++;
    perCampaign.set(f.campaign_id, e);
  }
  for (const e of perCampaign.values()) e.share = e.posts ? e.clean / e.posts : null;

  // Decisions the upstream took in the range, by the verdict of the version decided on.
  let dq = db()
    .selectFrom("audit_log")
    .select(["task_id", "version_number", "action"])
    .where("http_status", "=", 200)
    .where("error_code", "is", null)
    .where("at", ">=", fromIso)
    .where("at", "<=", toIso);
  if (scope) dq = dq.where("campaign_id", "in", scope);
  const decided = await dq.execute();
  const verdictOf = new Map<string, Verdict>();
  const ids = [...new Set(decided.map((d) => Number(d.task_id)))];
  for (let i = 0; i < ids.length; i += 500) {
    const part = await db().selectFrom("check_reports").select(["task_id", "version", "verdict"]).where("task_id", "in", ids.slice(i, i + 500)).where("version", "is not", null).execute();
    for (const r of part) verdictOf.set(`${r.task_id}:${r.version}`, r.verdict as Verdict);
  }
  const decisions = { clean: outcomes(), flagged: outcomes(), unchecked: outcomes() };
  for (const d of decided) {
    const v = verdictOf.get(`${d.task_id}:${d.version_number}`);
    const bucket = v === undefined ? decisions.unchecked : v === "clean" ? decisions.clean : decisions.flagged;
    if (d.action === "approve") bucket.approved++;
    else bucket.rejected++;
  }
  for (const b of Object.values(decisions)) b.approve_rate = b.approved + b.rejected ? b.approved / (b.approved + b.rejected) : null;

  return {
    range,
    by_rule: [...byRule.values()].sort((a, b) => a.day.localeCompare(b.day) || a.campaign_id - b.campaign_id || a.rule.localeCompare(b.rule)),
    decisions,
    first_version: [...perCampaign.values()].sort((a, b) => a.campaign_id - b.campaign_id),
  };
}

/** The same as CSV rows (a header first), for the export. */
/** The export: one flat table per section, zipped (lib/csv/zip.ts); counts and percents are numbers, an unknown rate an empty cell. */
export function checksCsvTables(a: ChecksAnalytics): CsvTable[] {
  const pct = (x: number | null) => (x === null ? null : Math.round(x * 1000) / 10);
  const name = (id: number) => a.campaigns?.[String(id)] ?? null;
  return [
    { name: "findings", rows: [["day", "campaign_id", "campaign_name", "rule", "count"], ...a.by_rule.map((r) => [r.day, r.campaign_id, name(r.campaign_id), r.rule, r.count])] },
    {
      name: "decisions",
      rows: [
        ["version_kind", "decisions", "approved", "rejected", "approve_rate_pct"],
        ...(["clean", "flagged", "unchecked"] as const).map((k) => {
          const o = a.decisions[k];
          return [k, o.approved + o.rejected, o.approved, o.rejected, pct(o.approve_rate)];
        }),
      ],
    },
    { name: "first_version", rows: [["campaign_id", "campaign_name", "posts", "clean_share_pct"], ...a.first_version.map((f) => [f.campaign_id, name(f.campaign_id), f.posts, pct(f.share)])] },
  ];
}

import "server-only";
import { ApiError, text } from "@/lib/server/errors";
import { reportPeriod } from "./period";

/** A report's address: a campaign or a project (neither: the whole team) and a period (absent: last week). */
export type ReportQuery = { campaignId: number | null; projectId: number | null; period: { from: string; to: string } };

const one = (v: string | string[] | undefined | null) => (Array.isArray(v) ? v[0] : v) ?? null;
const ID = /^\d{1,12}$/;

function idOf(v: string | null, key: "validation.reportCampaign" | "validation.reportProject"): number | null {
  if (v === null || v === "") return null;
  if (!ID.test(v) || Number(v) < 1) throw new ApiError("validation_error", text(key));
  return Number(v);
}

/**
 * From the page's or the route's search parameters; bad input is a
 * validation_error with its own words. `campaign=N` or `project=N` (one of
 * them) is the address links use; the page's picker sends `scope=campaign-N`,
 * `scope=project-N` or `scope=team` (one field for a form without script).
 */
export function reportQuery(params: Record<string, string | string[] | undefined>, now: number, timeZone: string): ReportQuery {
  let campaign = one(params.campaign);
  let project = one(params.project);
  const scope = one(params.scope);
  if (scope !== null && scope !== "" && scope !== "team") {
    const m = /^(campaign|project)-(\d{1,12})$/.exec(scope);
    if (!m || campaign || project) throw new ApiError("validation_error", text("validation.reportScope"));
    if (m[1] === "campaign") campaign = m[2]!;
    else project = m[2]!;
  }
  const campaignId = idOf(campaign, "validation.reportCampaign");
  const projectId = idOf(project, "validation.reportProject");
  if (campaignId !== null && projectId !== null) throw new ApiError("validation_error", text("validation.reportScope"));
  return { campaignId, projectId, period: reportPeriod({ from: one(params.from) || null, to: one(params.to) || null }, now, timeZone) };
}

/** The search string of a report's address (for the PDF link, the chart images and a share link). */
export function reportSearch(q: ReportQuery): string {
  const p = new URLSearchParams();
  if (q.campaignId !== null) p.set("campaign", String(q.campaignId));
  if (q.projectId !== null) p.set("project", String(q.projectId));
  p.set("from", q.period.from);
  p.set("to", q.period.to);
  return p.toString();
}

/** The picker's value for a query: team, project-N or campaign-N. */
export const scopeValue = (q: { campaignId: number | null; projectId: number | null }) => (q.campaignId !== null ? `campaign-${q.campaignId}` : q.projectId !== null ? `project-${q.projectId}` : "team");

/** The query as of now; a server page asks this (its render must not read the clock itself). */
export const reportQueryNow = (params: Record<string, string | string[] | undefined>, timeZone: string) => reportQuery(params, Date.now(), timeZone);

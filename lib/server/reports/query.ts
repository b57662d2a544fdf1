import "server-only";
import { ApiError, text } from "@/lib/server/errors";
import { reportPeriod } from "./period";

/** A report's address: campaign (absent: the whole team) and period (absent: last week). */
export type ReportQuery = { campaignId: number | null; period: { from: string; to: string } };

const one = (v: string | string[] | undefined | null) => (Array.isArray(v) ? v[0] : v) ?? null;

/** From the page's or the route's search parameters; bad input is a validation_error with its own words. */
export function reportQuery(params: Record<string, string | string[] | undefined>, now: number, timeZone: string): ReportQuery {
  const c = one(params.campaign);
  let campaignId: number | null = null;
  if (c !== null && c !== "") {
    if (!/^\d{1,12}$/.test(c) || Number(c) < 1) throw new ApiError("validation_error", text("validation.reportCampaign"));
    campaignId = Number(c);
  }
  return { campaignId, period: reportPeriod({ from: one(params.from) || null, to: one(params.to) || null }, now, timeZone) };
}

/** The search string of a report's address (for the PDF link, the chart images and a share link). */
export function reportSearch(q: ReportQuery): string {
  const p = new URLSearchParams();
  if (q.campaignId !== null) p.set("campaign", String(q.campaignId));
  p.set("from", q.period.from);
  p.set("to", q.period.to);
  return p.toString();
}

/** The query as of now; a server page asks this (its render must not read the clock itself). */
export const reportQueryNow = (params: Record<string, string | string[] | undefined>, timeZone: string) => reportQuery(params, Date.now(), timeZone);

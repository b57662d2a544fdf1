import { keepPreviousData, queryOptions } from "@tanstack/react-query";
// Type only: the audit module is server code, nothing of it reaches the bundle.
import type { AuditItem } from "@/lib/server/audit";
import { apiGetRaw, withQuery } from "./fetch-json";

/**
 * The activity page's URL state, defined once for the server page and the
 * client: `?campaign=3&post=120&user=anna&action=approve&from=2025-01-01&to=2025-01-31&page=2`.
 * Invalid values are dropped (an unfiltered view rather than an error).
 */
export type ActivityFilters = {
  campaign?: number;
  post?: number;
  user?: string;
  action?: "approve" | "reject";
  /** Local calendar days, `YYYY-MM-DD`, inclusive. */
  from?: string;
  to?: string;
  page: number;
};

export const ACTIVITY_PAGE_SIZE = 50;

type RawParams = URLSearchParams | Record<string, string | string[] | undefined>;
const first = (raw: RawParams, key: string) => {
  if (raw instanceof URLSearchParams) return raw.get(key) ?? undefined;
  const v = raw[key];
  return Array.isArray(v) ? v[0] : v;
};
const posInt = (v: string | undefined) => (v && /^[1-9]\d{0,14}$/.test(v) ? Number(v) : undefined);
const day = (v: string | undefined) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)) ? v : undefined);

export function parseActivityUrl(raw: RawParams): ActivityFilters {
  const action = first(raw, "action");
  const user = first(raw, "user")?.trim().slice(0, 200);
  return {
    campaign: posInt(first(raw, "campaign")),
    post: posInt(first(raw, "post")),
    user: user ? user : undefined,
    action: action === "approve" || action === "reject" ? action : undefined,
    from: day(first(raw, "from")),
    to: day(first(raw, "to")),
    page: posInt(first(raw, "page")) ?? 1,
  };
}

export function activityUrlSearch(f: ActivityFilters): string {
  return withQuery("", {
    campaign: f.campaign,
    post: f.post,
    user: f.user,
    action: f.action,
    from: f.from,
    to: f.to,
    page: f.page > 1 ? f.page : undefined,
  });
}

/**
 * A calendar day as the instant it starts (or, for `to`, ends) in Moscow time:
 * the zone every time on the dashboard is shown in (i18n/request.ts), and a
 * fixed one, so the server render and the browser build the same CSV link.
 */
const DISPLAY_OFFSET = "+03:00";
function dayBound(value: string, end: boolean): string {
  return `${value}T${end ? "23:59:59.999" : "00:00:00"}${DISPLAY_OFFSET}`;
}

/** The filters as GET /api/audit's parameters (without paging), shared by the table and the CSV link. */
export function auditApiFilters(f: ActivityFilters) {
  return {
    campaign_id: f.campaign,
    task_id: f.post,
    user: f.user,
    action: f.action,
    from: f.from ? dayBound(f.from, false) : undefined,
    to: f.to ? dayBound(f.to, true) : undefined,
  };
}

export type AuditPage = { items: AuditItem[]; total: number; limit: number; offset: number };

export function auditOptions(f: ActivityFilters) {
  const query = { ...auditApiFilters(f), limit: ACTIVITY_PAGE_SIZE, offset: (f.page - 1) * ACTIVITY_PAGE_SIZE };
  return queryOptions({
    queryKey: ["audit", query] as const,
    queryFn: ({ signal }) => apiGetRaw<AuditPage>("/api/audit", query, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function auditCsvHref(f: ActivityFilters): string {
  return withQuery("/api/audit", { ...auditApiFilters(f), format: "csv" });
}

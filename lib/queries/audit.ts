import { keepPreviousData, queryOptions } from "@tanstack/react-query";
// Type only: the audit module is server code, nothing of it reaches the bundle.
import type { AuditItem } from "@/lib/server/audit";
import type { ActivityFilters } from "@/lib/url-state/activity";
import { apiGetRaw, withQuery } from "./fetch-json";

// The filters are the activity page's URL state, parsed in lib/url-state/activity.ts.
export type { ActivityFilters };

export const ACTIVITY_PAGE_SIZE = 50;

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

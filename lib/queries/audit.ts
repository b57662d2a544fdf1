import { keepPreviousData, queryOptions } from "@tanstack/react-query";
// Type only: the audit module is server code, nothing of it reaches the bundle.
import type { AuditItem } from "@/lib/server/audit";
import type { AuditChoices, Named } from "@/lib/schemas/audit";
import type { ActivityFilters } from "@/lib/url-state/activity";
import { isoInZone, startOfDay } from "@/lib/time/zone";
import { apiGetRaw, withQuery } from "./fetch-json";

// The filters are the activity page's URL state, parsed in lib/url-state/activity.ts.
export type { ActivityFilters };

export const ACTIVITY_PAGE_SIZE = 50;

/**
 * A calendar day as the instant it starts (or, for `to`, the last moment before the next) in the
 * person's time zone, the one every time on the page is shown in (the page's next-intl zone, the
 * same on the server render and in the browser, so both build the same CSV link).
 */
function dayBound(value: string, end: boolean, timeZone: string): string {
  if (!end) return isoInZone(startOfDay(value, timeZone), timeZone);
  const next = new Date(Date.parse(`${value}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const last = isoInZone(new Date(startOfDay(next, timeZone).getTime() - 1000), timeZone);
  return `${last.slice(0, 19)}.999${last.slice(19)}`;
}

/** The filters as GET /api/audit's parameters (without paging), shared by the table and the CSV link. */
export function auditApiFilters(f: ActivityFilters, timeZone: string) {
  return {
    campaign_id: f.campaign,
    task_id: f.post,
    user: f.user,
    user_email: f.person,
    action: f.action,
    from: f.from ? dayBound(f.from, false, timeZone) : undefined,
    to: f.to ? dayBound(f.to, true, timeZone) : undefined,
  };
}

export type AuditPage = { items: (AuditItem & Named)[]; total: number; limit: number; offset: number };

/** The pickers' campaigns and people (GET /api/audit/choices): changes only when someone new acts. */
export function auditChoicesOptions() {
  return queryOptions({
    queryKey: ["audit-choices"] as const,
    queryFn: ({ signal }) => apiGetRaw<AuditChoices>("/api/audit/choices", {}, signal),
    staleTime: 60_000,
  });
}

export function auditOptions(f: ActivityFilters, timeZone: string) {
  const query = { ...auditApiFilters(f, timeZone), limit: ACTIVITY_PAGE_SIZE, offset: (f.page - 1) * ACTIVITY_PAGE_SIZE };
  return queryOptions({
    queryKey: ["audit", query] as const,
    queryFn: ({ signal }) => apiGetRaw<AuditPage>("/api/audit", query, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function auditCsvHref(f: ActivityFilters, timeZone: string): string {
  return withQuery("/api/audit", { ...auditApiFilters(f, timeZone), format: "csv" });
}

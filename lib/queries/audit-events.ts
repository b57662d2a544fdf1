import { keepPreviousData, queryOptions } from "@tanstack/react-query";
// Type only: the audit-events module is server code, nothing of it reaches the bundle.
import type { AuditEventRow } from "@/lib/server/audit-events";
import type { Named } from "@/lib/schemas/audit";
import type { ActivityFilters } from "@/lib/url-state/activity";
import { auditApiFilters } from "./audit";
import { apiGetRaw, withQuery } from "./fetch-json";

export type AuditEventsPage = { items: (AuditEventRow & Named)[]; total: number; limit: number; offset: number };

/** The activity page's filters as GET /api/audit/events's parameters: the same person, post, campaign and days as the decisions table. */
function eventFilters(f: ActivityFilters, timeZone: string) {
  // `action` (approve/reject) narrows the decisions table only.
  const shared = { ...auditApiFilters(f, timeZone), action: undefined };
  return { ...shared, group: f.actions ?? undefined };
}

export function auditEventsOptions(f: ActivityFilters, limit: number, timeZone: string) {
  const query = { ...eventFilters(f, timeZone), limit, offset: 0 };
  return queryOptions({
    queryKey: ["audit-events", query] as const,
    queryFn: ({ signal }) => apiGetRaw<AuditEventsPage>("/api/audit/events", query, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function auditEventsCsvHref(f: ActivityFilters, timeZone: string): string {
  return withQuery("/api/audit/events", { ...eventFilters(f, timeZone), format: "csv" });
}

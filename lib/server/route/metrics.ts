import "server-only";
import { counter, histogram } from "@/lib/server/metrics";

/**
 * The dashboard's own series, in the shared registry that GET /api/metrics
 * renders: requests by route and status, and audit log writes.
 */
const requests = counter("dashboard_http_requests_total", "Dashboard API requests by method, route and status.", ["method", "route", "status"]);
const duration = histogram("dashboard_http_request_duration_seconds", "Time spent answering dashboard API requests.", ["method", "route"]);
const auditWrites = counter("dashboard_audit_writes_total", "Audit log rows written, by action and outcome.", ["action", "outcome"]);

export function countRequest(method: string, route: string, status: number, durationMs: number): void {
  requests.inc({ method, route, status: String(status) });
  duration.observe({ method, route }, durationMs / 1000);
}

export function countAuditWrite(action: string, outcome: "ok" | "error"): void {
  auditWrites.inc({ action, outcome });
}

// "s": a share link's token sits after it (app/api/s/[token]), so it never reaches a log or a metric label.
const COLLECTIONS = new Set(["projects", "campaigns", "posts", "bulk-jobs", "sessions", "share-links", "s"]);
// Fixed names that sit where an id could: kept as they are.
const NOT_IDS = new Set(["latest", "revoke"]);

/**
 * A low-cardinality route label: the segment after projects/campaigns/posts
 * becomes `[id]` whatever was typed there, so a scan of random paths cannot
 * grow the registry without bound.
 */
export function routeLabel(pathname: string): string {
  const parts = pathname.split("/");
  for (let i = 1; i < parts.length; i++) {
    if (COLLECTIONS.has(parts[i - 1] ?? "") && !NOT_IDS.has(parts[i] ?? "")) parts[i] = "[id]";
  }
  return parts.join("/");
}

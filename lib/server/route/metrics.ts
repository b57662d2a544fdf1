import "server-only";

/**
 * The dashboard's own Prometheus series (requests by route and status, audit
 * writes). Kept on globalThis so every route bundle of the process counts
 * into the same registry that GET /api/metrics renders.
 */
type Registry = {
  requests: Map<string, number>;
  durationSum: Map<string, number>;
  durationCount: Map<string, number>;
  auditWrites: Map<string, number>;
};

const g = globalThis as typeof globalThis & { __dashboardMetrics?: Registry };
function registry(): Registry {
  g.__dashboardMetrics ??= { requests: new Map(), durationSum: new Map(), durationCount: new Map(), auditWrites: new Map() };
  return g.__dashboardMetrics;
}

const label = (v: string) => v.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");
const bump = (m: Map<string, number>, key: string, by = 1) => m.set(key, (m.get(key) ?? 0) + by);

export function countRequest(method: string, route: string, status: number, durationMs: number): void {
  const key = `method="${label(method)}",route="${label(route)}",status="${status}"`;
  bump(registry().requests, key);
  const byRoute = `method="${label(method)}",route="${label(route)}"`;
  bump(registry().durationSum, byRoute, durationMs / 1000);
  bump(registry().durationCount, byRoute);
}

export function countAuditWrite(action: string, outcome: "ok" | "error"): void {
  bump(registry().auditWrites, `action="${label(action)}",outcome="${outcome}"`);
}

export function renderDashboardMetrics(): string {
  const r = registry();
  const lines: string[] = [];
  const head = (name: string, type: string, help: string) => lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
  const rows = (name: string, m: Map<string, number>) => {
    for (const [k, v] of m) lines.push(`${name}{${k}} ${v}`);
  };
  head("dashboard_http_requests_total", "counter", "Dashboard API requests by route and status.");
  rows("dashboard_http_requests_total", r.requests);
  head("dashboard_http_request_duration_seconds", "summary", "Time spent answering dashboard API requests.");
  rows("dashboard_http_request_duration_seconds_sum", r.durationSum);
  rows("dashboard_http_request_duration_seconds_count", r.durationCount);
  head("dashboard_audit_writes_total", "counter", "Audit log rows written, by action and outcome.");
  rows("dashboard_audit_writes_total", r.auditWrites);
  return lines.join("\n") + "\n";
}

/**
 * A low-cardinality route label: the id after projects/campaigns/posts becomes
 * `[id]` whatever was typed there, so a scan of random paths cannot grow the registry.
 */
const COLLECTIONS = new Set(["projects", "campaigns", "posts", "bulk-jobs"]);

export function routeLabel(pathname: string): string {
  const parts = pathname.split("/");
  for (let i = 1; i < parts.length; i++) {
    if (COLLECTIONS.has(parts[i - 1] ?? "") && parts[i] !== "latest") {
      parts[i] = "[id]";
    }
  }
  return parts.join("/");
}

// Counts of API requests as the simulator received them, for tests of the dashboard's request
// budget (GET /__admin/stats). Times here are real wall-clock times.

export interface RecentRequest {
  at: string;
  method: string;
  path: string;
  /** The query string as sent ("" or "?status=…"): tells two reads of one list with other filters apart. */
  query: string;
  route: string;
  status: number | "dropped";
}

const RECENT_MAX = 1000;

export class RequestStats {
  total = 0;
  since = Date.now();
  /** Writes held by the late-write fault right now: a test acts "while the write is in flight" by waiting for one. */
  heldWrites = 0;
  private byRoute = new Map<string, number>();
  private byStatus = new Map<string, number>();
  private byRouteStatus = new Map<string, Map<string, number>>();
  private recent: RecentRequest[] = [];

  record(method: string, path: string, route: string, status: number | "dropped", query = ""): void {
    const key = String(status);
    this.total++;
    this.byRoute.set(route, (this.byRoute.get(route) ?? 0) + 1);
    this.byStatus.set(key, (this.byStatus.get(key) ?? 0) + 1);
    const rs = this.byRouteStatus.get(route) ?? new Map<string, number>();
    rs.set(key, (rs.get(key) ?? 0) + 1);
    this.byRouteStatus.set(route, rs);
    this.recent.push({ at: new Date().toISOString(), method, path, query, route, status });
    if (this.recent.length > RECENT_MAX) this.recent.splice(0, this.recent.length - RECENT_MAX);
  }

  reset(): void {
    this.total = 0;
    this.since = Date.now();
    this.byRoute.clear();
    this.byStatus.clear();
    this.byRouteStatus.clear();
    this.recent = [];
  }

  toJson(): Record<string, unknown> {
    const obj = (m: Map<string, number>): Record<string, number> => Object.fromEntries([...m].sort(([a], [b]) => a.localeCompare(b)));
    const windowCount = (ms: number): number => {
      const from = Date.now() - ms;
      return this.recent.filter((r) => Date.parse(r.at) > from).length;
    };
    return {
      since: new Date(this.since).toISOString(),
      total: this.total,
      held_writes: this.heldWrites,
      last_minute: windowCount(60_000),
      last_hour: windowCount(3_600_000),
      by_route: obj(this.byRoute),
      by_status: obj(this.byStatus),
      by_route_status: Object.fromEntries([...this.byRouteStatus].map(([k, v]) => [k, obj(v)])),
      recent: this.recent.slice(-200),
    };
  }
}

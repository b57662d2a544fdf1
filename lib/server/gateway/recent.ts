import "server-only";

/**
 * The last hour of the gateway's counters, for the admin health screen
 * (GET /api/admin/health): Prometheus counters only grow since the start,
 * while an admin asks "how many 429s and errors in the last hour, how often
 * did the cache answer". Counted alongside the Prometheus series (series.ts),
 * in one-minute buckets, so the figure is exact to the minute and costs a
 * few numbers of memory. Per process: in production mode each instance
 * counts its own calls (its /api/metrics does the same).
 *
 * On globalThis like the metrics registry: every route bundle of one process
 * must count into the same buckets the health route reads.
 */
const MINUTE_MS = 60_000;
const WINDOW_MINUTES = 60;

type Bucket = { minute: number; counts: Map<string, number> };
type Store = { buckets: Bucket[] };

const KEY = Symbol.for("review-dashboard.gateway-recent");
const g = globalThis as typeof globalThis & { [KEY]?: Store };
const store = (): Store => (g[KEY] ??= { buckets: [] });

function prune(s: Store, minute: number): void {
  const oldest = minute - WINDOW_MINUTES + 1;
  while (s.buckets.length > 0 && (s.buckets[0] as Bucket).minute < oldest) s.buckets.shift();
}

/** Adds `by` to `name` in the current minute. */
export function countRecent(name: string, by = 1, now = Date.now()): void {
  const s = store();
  const minute = Math.floor(now / MINUTE_MS);
  prune(s, minute);
  let last = s.buckets[s.buckets.length - 1];
  if (!last || last.minute !== minute) {
    last = { minute, counts: new Map() };
    s.buckets.push(last);
  }
  last.counts.set(name, (last.counts.get(name) ?? 0) + by);
}

/** Every name's total over the last 60 minutes (the current one included). */
export function recentTotals(now = Date.now()): Map<string, number> {
  const s = store();
  prune(s, Math.floor(now / MINUTE_MS));
  const totals = new Map<string, number>();
  for (const b of s.buckets) for (const [k, v] of b.counts) totals.set(k, (totals.get(k) ?? 0) + v);
  return totals;
}

/** What the health screen shows of the gateway's last hour. */
export type GatewayLastHour = {
  /** Upstream requests sent (each retry counts). */
  upstreamCalls: number;
  /** Answered 429 by the upstream. */
  rateLimited: number;
  /** 5xx, network failures, timeouts and answers that broke the contract. */
  failed: number;
  /** Other 4xx (a post not found, a conflict): the upstream's word, not a failure of the connection. */
  refused: number;
  /** Reads answered by the gateway: from the cache, joined to one in flight, stale, or loaded (miss). */
  cache: { hit: number; joined: number; stale: number; miss: number };
};

/** The upstream call outcome labels (caller.ts outcomeLabel) sorted into the screen's kinds. */
export function outcomeKind(status: string): "ok" | "rateLimited" | "failed" | "refused" {
  if (status === "2xx") return "ok";
  if (status === "429") return "rateLimited";
  if (/^4\d\d$/.test(status)) return "refused";
  return "failed";
}

export function gatewayLastHour(now = Date.now()): GatewayLastHour {
  const t = recentTotals(now);
  const n = (k: string) => t.get(k) ?? 0;
  return {
    upstreamCalls: n("upstream:ok") + n("upstream:rateLimited") + n("upstream:failed") + n("upstream:refused"),
    rateLimited: n("upstream:rateLimited"),
    failed: n("upstream:failed"),
    refused: n("upstream:refused"),
    cache: { hit: n("cache:hit"), joined: n("cache:joined"), stale: n("cache:stale"), miss: n("cache:miss") },
  };
}

export function resetRecentForTests(): void {
  g[KEY] = { buckets: [] };
}

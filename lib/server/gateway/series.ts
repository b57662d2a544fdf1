import "server-only";
import { counter, histogram, type Counter } from "@/lib/server/metrics";
import { countRecent, outcomeKind } from "./recent";

/** The same counter, also counted into the last hour's buckets (recent.ts) under the name `recentName` picks. */
function alsoRecent<L extends string>(c: Counter<L>, recentName: (labels: Partial<Record<L, string | number>>) => string): Counter<L> {
  return {
    inc: (labels, by = 1) => {
      c.inc(labels, by);
      countRecent(recentName(labels ?? {}), by);
    },
  };
}

/** The gateway's Prometheus series (budget token gauges are set by a collector in upstream-service). */
export const upstreamCalls = alsoRecent(
  counter(
    "upstream_requests_total",
    "Requests sent to the upstream API, by operation and outcome (HTTP status, 2xx, network, timeout, contract).",
    ["operation", "status"],
  ),
  (l) => `upstream:${outcomeKind(String(l.status ?? ""))}`,
);
export const upstreamLatency = histogram(
  "upstream_request_duration_seconds",
  "Time from sending an upstream request to its parsed answer or failure, by operation.",
  ["operation"],
);
export const cacheRequests = alsoRecent(
  counter("gateway_cache_requests_total", "Reads answered by the gateway, by operation and result (hit, miss, joined, stale).", ["operation", "result"]),
  (l) => `cache:${String(l.result ?? "")}`,
);
export const budgetWaits = counter(
  "gateway_budget_waits_total",
  "Requests that had to wait for a budget token, by lane (interactive, background, confirm, write).",
  ["lane"],
);
export const budgetRefusals = counter(
  "gateway_budget_refusals_total",
  "Requests the budget refused (no token within the allowed wait), by lane.",
  ["lane"],
);
export const upstreamRetries = counter("gateway_upstream_retries_total", "Upstream requests retried, by operation and reason.", ["operation", "reason"]);
export const upstreamPauses = counter("gateway_upstream_pauses_total", "Times an upstream 429 paused every call.");

import type { EngagementHistory, PostEngagementMetric } from "@/lib/schemas";
import { METRIC_TYPES } from "@/lib/schemas/values";

/**
 * A post's value per metric, summed across its platforms. A metric no
 * platform reported is absent (reads "not reported"), never 0.
 */
export function sumByMetric(metrics: readonly PostEngagementMetric[]): Record<string, number> {
  const sums: Record<string, number> = {};
  for (const m of metrics) sums[m.metric_type] = (sums[m.metric_type] ?? 0) + m.value;
  return sums;
}

/** Known metrics in their usual order, then any the upstream added, so nothing is hidden. */
export function metricColumns(extra: Iterable<string> = []): string[] {
  const known = new Set<string>(METRIC_TYPES);
  const unknown = [...new Set(extra)].filter((m) => !known.has(m)).sort();
  return [...METRIC_TYPES, ...unknown];
}

export type HistoryPoint = { time: number; collectedAt: string; value: number };

/** The upstream lists datapoints newest first; charts read left to right in time. */
export function historyPoints(datapoints: EngagementHistory["datapoints"]): HistoryPoint[] {
  return datapoints
    .map((d) => ({ time: Date.parse(d.collected_at), collectedAt: d.collected_at, value: d.value }))
    .sort((a, b) => a.time - b.time);
}

/** The newest `collected_at` of a series (an ISO string), or null when empty. */
export function newestCollectedAt(datapoints: EngagementHistory["datapoints"]): string | null {
  let newest: string | null = null;
  for (const d of datapoints) if (newest === null || Date.parse(d.collected_at) > Date.parse(newest)) newest = d.collected_at;
  return newest;
}

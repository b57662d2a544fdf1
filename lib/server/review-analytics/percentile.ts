import "server-only";
import type { DurationStat } from "@/lib/schemas/review-analytics";

/**
 * Percentiles by the nearest-rank definition: the p-th percentile of n
 * values is the value at rank ⌈p/100 · n⌉ (1-based) of the sorted list. So
 * it is always one of the measured values, never an interpolation between two:
 * "90 % of posts were decided within this time" holds for a real post. The
 * median is the 50th percentile by the same rule, so for an even count it is
 * the lower of the two middle values (4 values 1, 2, 3, 4 → 2, not 2.5).
 */
export function nearestRank(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1] as number;
}

/** Count, median and 90th percentile of durations (seconds). */
export function durationStat(values: readonly number[]): DurationStat {
  const sorted = [...values].sort((a, b) => a - b);
  return { count: sorted.length, median: nearestRank(sorted, 50), p90: nearestRank(sorted, 90) };
}

import type { Quota } from "@/lib/schemas";

/** Share of a limit at which a bar is flagged (by an icon and text, not colour only). */
export const HIGH_USAGE_PERCENT = 90;

export type Usage = {
  used: number;
  /** null: unlimited (the upstream's null), never read as zero. */
  limit: number | null;
  /** null when unlimited; never negative, even when the upstream overshot. */
  remaining: number | null;
  /** used / limit in percent, unrounded, may exceed 100; null when unlimited. */
  percent: number | null;
  /** The percent a bar may draw: 0..100. */
  barPercent: number;
  level: "unlimited" | "ok" | "high" | "over";
};

function level(used: number, limit: number | null, percent: number | null): Usage["level"] {
  if (limit === null || percent === null) return "unlimited";
  if (used > limit) return "over";
  if (percent >= HIGH_USAGE_PERCENT) return "high";
  return "ok";
}

/**
 * Usage against a limit. A limit of 0 with nothing used is 0 %; with
 * something used it is over the limit (percent Infinity is avoided).
 */
export function usage(used: number, limit: number | null, remaining?: number | null): Usage {
  if (limit === null) {
    return { used, limit: null, remaining: null, percent: null, barPercent: 0, level: "unlimited" };
  }
  const percent = limit === 0 ? (used > 0 ? 100 : 0) : (used / limit) * 100;
  // Trust the upstream's remaining when given; otherwise derive it.
  const left = Math.max(0, remaining ?? limit - used);
  return {
    used,
    limit,
    remaining: left,
    percent,
    barPercent: Math.min(100, Math.max(0, percent)),
    level: limit === 0 && used > 0 ? "over" : level(used, limit, percent),
  };
}

export function quotaUsage(quota: Quota): Usage {
  return usage(quota.used, quota.limit, quota.remaining);
}

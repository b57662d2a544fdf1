import "server-only";
/*
 * The engagement collector's collection cadence.
 * How often a published post's metrics are collected, by its age: the
 * simulator's (and a real platform's) engagement grows on a saturating curve
 * with a time constant of 6–30 h, so a post moves most in its first day and
 * hardly at all after a week. Hourly in the first day, every 6 h until a week,
 * then daily: with the simulator's world (~300 published posts, a few new a
 * day per active campaign) that is ~60 calls an hour, well inside 20 % of
 * 1000 (see bench/collector.ts and the README's figures).
 */
export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

export function collectEveryMs(publishedAtMs: number | null, nowMs: number): number {
  if (publishedAtMs === null) return DAY_MS;
  const age = nowMs - publishedAtMs;
  if (age < DAY_MS) return HOUR_MS;
  if (age < 7 * DAY_MS) return 6 * HOUR_MS;
  return DAY_MS;
}

/** Lists: active campaigns get new posts every few hours; others rarely change. */
export function listEveryMs(campaignStatus: string | undefined): number {
  return campaignStatus === "ACTIVE" ? 30 * 60_000 : 6 * HOUR_MS;
}

/** The campaigns list itself. */
export const CAMPAIGNS_EVERY_MS = 6 * HOUR_MS;

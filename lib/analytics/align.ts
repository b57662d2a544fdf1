import type { HistoryPoint } from "./engagement";

/**
 * Lining posts up by their age. Posts published days apart barely overlap on
 * the calendar, so the comparison puts each datapoint at its time since that
 * post's publication instead: "views 6 hours after" reads across posts.
 */

export type AlignUnit = "hours" | "days";
/** A datapoint with its age: ms since its post's publication (negative if collected before). */
export type AlignedPoint = HistoryPoint & { sinceMs: number };

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Beyond three days, hours make long unreadable axes: the chart counts days. */
const HOURS_UP_TO_MS = 72 * HOUR_MS;

const PUBLISHED = new Set(["PUBLISHED", "PARTIALLY_PUBLISHED"]);

type PublicationSource = {
  status: string;
  published_at: string | null;
  publish_records?: readonly { status: string; published_at: string | null }[];
};

const ms = (v: string | null | undefined): number | undefined => {
  if (!v) return undefined;
  const t = Date.parse(v);
  return Number.isNaN(t) ? undefined : t;
};

/**
 * When a post actually came out, in ms, or undefined when that is not known.
 * The publish records carry the actual moment per channel: the first one
 * counts (the audience starts then). Without records, the post's own
 * `published_at` counts only once its status says it is out, because before
 * that it is the planned time (product decision on the field's meaning).
 */
export function publicationMs(post: PublicationSource): number | undefined {
  const records = (post.publish_records ?? []).flatMap((r) => {
    const t = r.status === "PUBLISHED" ? ms(r.published_at) : undefined;
    return t === undefined ? [] : [t];
  });
  if (records.length > 0) return Math.min(...records);
  return PUBLISHED.has(post.status) ? ms(post.published_at) : undefined;
}

/** Each point shifted by its post's publication moment; order kept (oldest first, as `historyPoints` gives). */
export function alignPoints(points: readonly HistoryPoint[], publishedAtMs: number): AlignedPoint[] {
  return points.map((p) => ({ ...p, sinceMs: p.time - publishedAtMs }));
}

/** Hours while every series stays within three days of its publication, days beyond. */
export function alignUnit(series: readonly (readonly AlignedPoint[])[]): AlignUnit {
  let longest = 0;
  for (const points of series) for (const p of points) longest = Math.max(longest, Math.abs(p.sinceMs));
  return longest <= HOURS_UP_TO_MS ? "hours" : "days";
}

/** An age in the chart's unit, to two decimals (so 90 minutes reads 1.5 h, not 1.4999…). */
export function inUnit(sinceMs: number, unit: AlignUnit): number {
  return Math.round((sinceMs / (unit === "hours" ? HOUR_MS : DAY_MS)) * 100) / 100;
}

import * as z from "zod";
import { count, date, id } from "./common";

/*
 * The dashboard's own answers built from the local engagement time series
 * (lib/server/collector): a campaign's daily trend and its complete per-post
 * table. Not upstream shapes: every value carries the time the upstream
 * collected it, and a value nobody reported is null or absent, never 0.
 */

/** `?from=YYYY-MM-DD&to=YYYY-MM-DD`: calendar days in the home time zone, both included, at most 366 days. */
export const TrendsQuery = z
  .object({ from: date, to: date.optional() })
  .refine((q) => !q.to || q.to >= q.from, { message: "to must not be before from", path: ["to"] })
  .refine((q) => !q.to || Date.parse(q.to) - Date.parse(q.from) <= 366 * 86_400_000, { message: "at most 366 days", path: ["to"] });
export type TrendsQuery = z.output<typeof TrendsQuery>;

/** `?from=YYYY-MM-DD`: posts published from that day on (home time zone), like the upstream's `since`. */
export const TrendPostsQuery = z.object({ from: date });
export type TrendPostsQuery = z.output<typeof TrendPostsQuery>;

const isoTime = z.string();

export const TrendPoint = z.object({
  day: date,
  value: count.nullable(),
  /** How many posts of the period the value sums. */
  posts: count,
  collectedAt: isoTime.nullable(),
});

export const CampaignTrends = z.object({
  campaign_id: id,
  from: date,
  to: date,
  series: z.array(z.object({ metric: z.string(), points: z.array(TrendPoint) })),
  /** Posts published in the period, as far as the dashboard knows them. */
  postsInPeriod: count,
  /** Posts of the period with no value in the time series yet (not in any point). */
  missing: z.array(id),
  /** Posts of the period whose history before the collector met them is not read yet: their early days may be short. */
  historyPending: count,
  /** Minutes until that history is in, at the pace it is read now (0 when none is pending). */
  historyMinutesLeft: count,
  /** The collector's last look at the campaign's list (ISO), null when it has not looked yet. */
  listedAt: isoTime.nullable(),
});
export type CampaignTrends = z.infer<typeof CampaignTrends>;

export const TrendPostRow = z.object({
  task_id: id,
  text: z.string(),
  published_at: isoTime.nullable(),
  /** Only metrics with a value; an absent one is "not reported". */
  metrics: z.record(z.string(), z.object({ value: count, collectedAt: isoTime })),
  /** The newest collection among its values, null when it has none yet. */
  collectedAt: isoTime.nullable(),
});
export type TrendPostRow = z.infer<typeof TrendPostRow>;

export const CampaignTrendPosts = z.object({
  campaign_id: id,
  from: date,
  /** Every published post of the period, newest first. */
  posts: z.array(TrendPostRow),
  /** Of them, the ones with no value in the time series yet: the page fetches these, with progress. */
  missing: z.array(id),
});
export type CampaignTrendPosts = z.infer<typeof CampaignTrendPosts>;

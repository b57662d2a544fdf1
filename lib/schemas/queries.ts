import * as z from "zod";
import { CAMPAIGN_STATUSES, METRIC_TYPES, POST_SORTS, POST_STATUSES, dateTime } from "./common";

/**
 * Query parameters of the list operations, with the upstream's own ranges, so
 * the dashboard refuses bad input before it spends any upstream budget.
 * Inputs are the raw strings of a URL; outputs are typed values.
 */
const commaList = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .transform((s) => s.split(",").map((v) => v.trim()).filter(Boolean))
    .pipe(z.array(z.enum(values)).min(1));

const intInRange = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, "expected an integer")
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

export const PostListQuery = z.object({
  status: commaList(POST_STATUSES).optional(),
  sort: z.enum(POST_SORTS).optional(),
  since: dateTime.optional(),
  limit: intInRange(1, 100).optional(),
  offset: intInRange(0, Number.MAX_SAFE_INTEGER).optional(),
});
export type PostListQuery = z.output<typeof PostListQuery>;

/** The dashboard's own parameter of a campaign's post list: `brief` leaves texts and media out (PostBriefList). */
export const PostListView = z.object({ view: z.enum(["brief"]).optional() });

export const CampaignListQuery = z.object({
  project_id: intInRange(1, Number.MAX_SAFE_INTEGER).optional(),
  status: commaList(CAMPAIGN_STATUSES).optional(),
});
export type CampaignListQuery = z.output<typeof CampaignListQuery>;

export const CampaignEngagementQuery = z.object({ since: dateTime.optional() });
export type CampaignEngagementQuery = z.output<typeof CampaignEngagementQuery>;

export const EngagementHistoryQuery = z.object({
  metric_type: z.enum(METRIC_TYPES),
  limit: intInRange(1, 200).optional(),
});
export type EngagementHistoryQuery = z.output<typeof EngagementHistoryQuery>;

/**
 * Path ids: positive integers written in decimal, nothing else, and no larger
 * than Number.MAX_SAFE_INTEGER: above it a number silently becomes its
 * neighbour (9007199254740993 → …992), and we would act on another post.
 * (zod 4's `.int()` accepts safe integers only.)
 */
export const IdParam = z
  .string()
  .regex(/^[1-9]\d{0,15}$/, "expected a positive integer")
  .transform(Number)
  .pipe(z.number().int());

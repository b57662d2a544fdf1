import * as z from "zod";
import { REVIEW_RANGE_MAX_DAYS } from "./limits";

/**
 * GET /api/analytics/review: its query (validated on the server, 400
 * validation_error otherwise) and its answer (the type of the page's data).
 * Days are calendar days in the home time zone (Europe/Moscow), both ends
 * included; without them, the last 30 days up to today.
 */
export { REVIEW_RANGE_DEFAULT_DAYS, REVIEW_RANGE_MAX_DAYS } from "./limits";

export const REVIEW_CSV_TABLES = ["summary", "people", "days", "campaigns", "reasons", "late", "overdue"] as const;
export type ReviewCsvTable = (typeof REVIEW_CSV_TABLES)[number];

const day = z.iso.date();
const positiveId = z
  .string()
  .regex(/^\d{1,15}$/)
  .transform(Number)
  .pipe(z.number().int().min(1));

export const ReviewAnalyticsQuery = z
  .object({
    from: day.optional(),
    to: day.optional(),
    campaign_id: positiveId.optional(),
    format: z.enum(["json", "csv"]).default("json"),
    /** Which table a CSV holds (each panel has its own file). */
    table: z.enum(REVIEW_CSV_TABLES).default("summary"),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: "from must not be after to", path: ["from"] })
  .refine((q) => !q.from || !q.to || (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 + 1 <= REVIEW_RANGE_MAX_DAYS, {
    message: `the range must not exceed ${REVIEW_RANGE_MAX_DAYS} days`,
    path: ["to"],
  });
export type ReviewAnalyticsQuery = z.output<typeof ReviewAnalyticsQuery>;

/** Seconds; median and 90th percentile by the nearest-rank definition (see lib/server/review-analytics/percentile.ts). */
export const DurationStat = z.object({ count: z.number().int(), median: z.number().nullable(), p90: z.number().nullable() });
export type DurationStat = z.infer<typeof DurationStat>;

const rate = z.number().nullable();

export const ReviewAnalytics = z.object({
  range: z.object({ from: day, to: day, days: z.number().int() }),
  campaignId: z.number().int().nullable(),
  summary: z.object({
    decisions: z.number().int(),
    approvals: z.number().int(),
    rejections: z.number().int(),
    /** approvals ÷ decisions, 0–1; null without decisions. */
    approvalRate: rate,
    rejectionRate: rate,
    /** Posts decided at least once in the range. */
    decidedPosts: z.number().int(),
    toDecision: DurationStat,
    toPublication: DurationStat,
    lateDecisions: z.number().int(),
    overdueWaiting: z.number().int(),
    /** Decided posts not found in the campaigns' lists (deleted, or beyond a list the dashboard mirrors): no times for them. */
    postsNotFound: z.number().int(),
  }),
  people: z.array(z.object({ email: z.string(), name: z.string(), decisions: z.number().int(), approvals: z.number().int(), rejections: z.number().int() })),
  days: z.array(z.object({ day, approvals: z.number().int(), rejections: z.number().int() })),
  campaigns: z.array(
    z.object({
      id: z.number().int(),
      name: z.string().nullable(),
      decisions: z.number().int(),
      approvals: z.number().int(),
      rejections: z.number().int(),
      approvalRate: rate,
      rejectionRate: rate,
      toDecision: DurationStat,
    }),
  ),
  /** Rejections by category; `category` null: given without one. */
  reasons: z.array(z.object({ category: z.string().nullable(), count: z.number().int(), share: z.number() })),
  late: z.array(
    z.object({
      taskId: z.number().int(),
      campaignId: z.number().int().nullable(),
      campaignName: z.string().nullable(),
      at: z.string(),
      plannedAt: z.string(),
      lateBySeconds: z.number(),
      action: z.enum(["approve", "reject"]),
      userName: z.string(),
    }),
  ),
  overdue: z.array(
    z.object({
      taskId: z.number().int(),
      campaignId: z.number().int(),
      campaignName: z.string().nullable(),
      createdAt: z.string(),
      plannedAt: z.string(),
      overdueSeconds: z.number(),
    }),
  ),
  /** The moment "now" was taken for the overdue list (ISO). */
  computedAt: z.string(),
});
export type ReviewAnalytics = z.infer<typeof ReviewAnalytics>;

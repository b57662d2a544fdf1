import "server-only";
import { calendarDay, daysBetween, shiftDay } from "@/lib/analytics/dates";
import { DEFAULT_TIME_ZONE } from "@/lib/time/zone";
import type { DataResponse } from "@/lib/api/envelope";
import { REVIEW_RANGE_DEFAULT_DAYS, REVIEW_RANGE_MAX_DAYS, type ReviewAnalytics } from "@/lib/schemas/review-analytics";
import { ApiError, text } from "@/lib/server/errors";
import { computeReviewAnalytics } from "./compute";
import { loadDecisions } from "./decisions";
import { loadPosts } from "./posts";

export { reviewCsvRows } from "./csv";

/** The range asked for, or the last 30 days up to today (in the reader's zone). */
function resolveRange(q: { from?: string; to?: string }, now = Date.now(), timeZone = DEFAULT_TIME_ZONE): { from: string; to: string } {
  const today = calendarDay(new Date(now), timeZone);
  const to = q.to ?? (q.from && q.from > today ? q.from : today);
  const from = q.from ?? shiftDay(to, -(REVIEW_RANGE_DEFAULT_DAYS - 1));
  return { from, to };
}

/** The range asked for (resolved as above), refused when longer than the maximum or reversed. */
export function allowedRange(q: { from?: string; to?: string }, now = Date.now(), timeZone = DEFAULT_TIME_ZONE): { from: string; to: string } {
  const range = resolveRange(q, now, timeZone);
  if (daysBetween(range.from, range.to) + 1 > REVIEW_RANGE_MAX_DAYS || range.from > range.to) {
    throw new ApiError("validation_error", text("validation.reviewRange", { max: REVIEW_RANGE_MAX_DAYS }));
  }
  return range;
}

/** GET /api/analytics/review's answer: decisions from the database, post times from the cached lists. */
export async function reviewAnalytics(
  q: { from?: string; to?: string; campaign_id?: number },
  o: { now?: number; /** Rows of the late and overdue lists (an export takes them all). */ maxRows?: number; /** The reader's zone: the range's days. */ timeZone?: string } = {},
): Promise<DataResponse<ReviewAnalytics>> {
  const now = o.now ?? Date.now();
  const timeZone = o.timeZone ?? DEFAULT_TIME_ZONE;
  const range = resolveRange(q, now, timeZone);
  const campaignId = q.campaign_id ?? null;
  const decisions = await loadDecisions(range, campaignId, timeZone);
  const decided = [...new Set(decisions.flatMap((d) => (d.campaign_id === null ? [] : [d.campaign_id])))];
  const { posts, names, meta } = await loadPosts(campaignId, decided);
  return { data: computeReviewAnalytics({ range, campaignId, decisions, posts, campaignNames: names, now, maxRows: o.maxRows, timeZone }), meta };
}

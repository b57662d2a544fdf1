/**
 * The limits and value lists of the dashboard's own routes, without zod:
 * client components import them from here, so a form's maximum never brings
 * the schemas (and zod) onto the main thread of a page. The schemas next to
 * this file are built from these same values and re-export them.
 */

/** Comments (./collab.ts). */
export const COMMENT_MAX = 2_000;
/** An author may edit or delete their own comment for this long after writing it. */
export const COMMENT_EDIT_WINDOW_MS = 15 * 60_000;

/** Notifications (./notify.ts). */
export const NOTIFY_KINDS = ["deadline", "mention", "changes_requested", "share_decision", "decision_settled", "wrong_version"] as const;
export type NotifyKind = (typeof NOTIFY_KINDS)[number];
/** A waiting post planned within this many hours is a deadline notice (1–48). */
export const DUE_HOURS_MIN = 1;
export const DUE_HOURS_MAX = 48;

/** Review analytics (./review-analytics.ts): without a range, the last 30 days up to today. */
export const REVIEW_RANGE_DEFAULT_DAYS = 30;
/** A year and a day: enough for "this year so far" and a leap year, bounded so one request cannot read the whole log. */
export const REVIEW_RANGE_MAX_DAYS = 366;

import * as z from "zod";
import { campaignStatus, Schedule } from "./campaigns";
import { count, date, dateTime, hhmm, id } from "./common";
import { postStatus, postType } from "./posts";

/**
 * GET /api/calendar: planned and published posts of every active or frozen
 * campaign between two days, with the campaigns' schedules laid out as
 * recurring slots. Joined on the server from lists the service already keeps
 * (each campaign's synced posts list and its schedules, both cached), so a
 * calendar costs the upstream no per-view calls beyond those lists' refresh.
 * Days are days of the reader's time zone (`time_zone`: theirs, or the team's TEAM_TIME_ZONE).
 */

/** The longest range one answer covers: a month's grid is at most six weeks. */
export const CALENDAR_MAX_DAYS = 42;

const DAY_MS = 86_400_000;
const intIn = (min: number, max: number) =>
  z.string().regex(/^\d+$/, "expected an integer").transform(Number).pipe(z.number().int().min(min).max(max));

/** The route's query: `from` and `to` are inclusive days; `campaign_id` narrows to one campaign. */
export const CalendarQuery = z
  .object({
    from: date,
    to: date,
    campaign_id: intIn(1, Number.MAX_SAFE_INTEGER).optional(),
  })
  .refine((q) => q.to >= q.from, { message: "to must not be before from", path: ["to"] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / DAY_MS < CALENDAR_MAX_DAYS, {
    message: `at most ${CALENDAR_MAX_DAYS} days`,
    path: ["to"],
  });
export type CalendarQuery = z.output<typeof CalendarQuery>;

/**
 * How a post sits on the calendar: `published` once its status says so (its
 * `published_at` is then the publication), `planned` before (the same field
 * is then the planned time), `failed`, or `other` for a status we do not know.
 */
export const CALENDAR_KINDS = ["planned", "published", "failed", "other"] as const;
export const CalendarKind = z.enum(CALENDAR_KINDS);
export type CalendarKind = z.infer<typeof CalendarKind>;

export const CalendarPost = z.object({
  task_id: id,
  campaign_id: id,
  campaign_name: z.string(),
  status: postStatus,
  post_type: postType,
  /** The start of the active text (the calendar shows a line of it). */
  excerpt: z.string(),
  /** The post's title, its first line (lib/posts/title.ts); "" for a post without text. Optional: an older cached answer has none. */
  title: z.string().optional(),
  /** `published_at` as the upstream gives it. */
  at: dateTime,
  /** The day of `at` in the answer's `time_zone`. */
  day: date,
  kind: CalendarKind,
});
export type CalendarPost = z.infer<typeof CalendarPost>;

/** One occurrence of a schedule: a moment the campaign publishes at, whether or not a post fills it. */
export const CalendarSlot = z.object({
  campaign_id: id,
  schedule_id: id,
  day: date,
  time: hhmm,
  at: dateTime,
  /** A post of the campaign is planned or published at this very moment. */
  filled: z.boolean(),
});
export type CalendarSlot = z.infer<typeof CalendarSlot>;

export const CalendarError = z.object({ code: z.string(), message: z.string() });

export const CalendarCampaign = z.object({
  id,
  name: z.string(),
  project_id: id,
  project_name: z.string(),
  status: campaignStatus,
  /** Its posts list is the last good copy (the upstream could not be asked just now). */
  stale: z.boolean(),
  /** When its posts list was read from the upstream (null: never, see `error`). */
  fetched_at: dateTime.nullable(),
  /** False when the campaign has more posts than the service mirrors: only the newest planned are shown. */
  complete: z.boolean(),
  /** Why its posts or schedules could not be read at all (nothing to serve). */
  error: CalendarError.nullable(),
  schedules: z.array(Schedule),
  /** Schedules whose days cannot be placed (a weekday we cannot read, a type we do not know): listed in words. */
  unplaced: z.array(Schedule),
  /** Its posts with no `published_at`, which no day can show. */
  undated: count,
});
export type CalendarCampaign = z.infer<typeof CalendarCampaign>;

export const Calendar = z.object({
  from: date,
  to: date,
  time_zone: z.string(),
  posts: z.array(CalendarPost),
  slots: z.array(CalendarSlot),
  campaigns: z.array(CalendarCampaign),
});
export type Calendar = z.infer<typeof Calendar>;

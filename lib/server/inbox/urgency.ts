import "server-only";
import { calendarDay } from "@/lib/analytics/dates";
import { env } from "@/lib/env";
import type { InboxUrgency, Post } from "@/lib/schemas";

/**
 * How urgent a waiting post is, from its planned time (`published_at` before
 * publication, per the product brief). "Today" is the calendar day in the
 * reader's time zone (their own, else TEAM_TIME_ZONE; the team's when none is given).
 */
export function plannedMs(post: Pick<Post, "published_at">): number | undefined {
  if (!post.published_at) return undefined;
  const ms = Date.parse(post.published_at);
  return Number.isNaN(ms) ? undefined : ms;
}

export function urgencyOf(planned: number | undefined, now: number, dueSoonMs: number, timeZone = env().TEAM_TIME_ZONE): InboxUrgency {
  if (planned === undefined) return "later";
  if (planned <= now) return "overdue";
  if (planned <= now + dueSoonMs) return "due_2h";
  return calendarDay(new Date(planned), timeZone) === calendarDay(new Date(now), timeZone) ? "today" : "later";
}

/** Soonest planned time first, posts without one last; ties by id so pages never shuffle. */
export function bySoonest(a: Post, b: Post): number {
  const ta = plannedMs(a) ?? Infinity;
  const tb = plannedMs(b) ?? Infinity;
  return ta === tb ? a.task_id - b.task_id : ta < tb ? -1 : 1;
}

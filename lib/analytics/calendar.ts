import { calendarDay, daysBetween, HOME_TIME_ZONE, shiftDay } from "./dates";

/**
 * The calendar's days. Every day is a day of the reader's time zone (theirs or
 * the team's), so a post at 01:30 there on the 1st belongs to the 1st even
 * though it may still be the 31st in UTC. Weeks start on Monday in both languages.
 */

export type CalendarView = "month" | "week";

/** 0 = Monday … 6 = Sunday, of a calendar day (a date's own weekday, not the upstream's `day_of_week`). */
export function weekdayIndex(day: string): number {
  return (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
}

/** The Monday of the week holding `day`. */
export function weekStart(day: string): string {
  return shiftDay(day, -weekdayIndex(day));
}

/** Monday…Sunday of the week holding `day`. */
export function weekDays(day: string): string[] {
  const monday = weekStart(day);
  return Array.from({ length: 7 }, (_, i) => shiftDay(monday, i));
}

/** `YYYY-MM` of a day. */
export const monthOf = (day: string): string => day.slice(0, 7);

/**
 * The month holding `day` as whole weeks, Monday first: the weeks that hold
 * its first and last days and every week between (4 to 6 rows).
 */
export function monthWeeks(day: string): string[][] {
  const first = `${monthOf(day)}-01`;
  const next = shiftDay(first, 32).slice(0, 7);
  const last = shiftDay(`${next}-01`, -1);
  const weeks: string[][] = [];
  for (let monday = weekStart(first); monday <= last; monday = shiftDay(monday, 7)) weeks.push(weekDays(monday));
  return weeks;
}

/** The days a view shows for a day: the whole grid of its month, or its week. */
export function viewRange(view: CalendarView, day: string): { from: string; to: string } {
  if (view === "week") {
    const days = weekDays(day);
    return { from: days[0] as string, to: days[6] as string };
  }
  const weeks = monthWeeks(day);
  return { from: weeks[0]?.[0] as string, to: weeks[weeks.length - 1]?.[6] as string };
}

/** The same view one step before (-1) or after (+1). */
export function stepView(view: CalendarView, day: string, step: -1 | 1): string {
  if (view === "week") return shiftDay(weekStart(day), 7 * step);
  const [y, m] = monthOf(day).split("-").map(Number) as [number, number];
  const total = y * 12 + (m - 1) + step;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, "0")}-01`;
}

/** The day of an instant (ISO string with any offset) in `timeZone`. */
export function dayOfInstant(iso: string, timeZone = HOME_TIME_ZONE): string {
  return calendarDay(new Date(iso), timeZone);
}

/** Whether `day` lies within `from`…`to`, both inclusive. */
export const inRange = (day: string, from: string, to: string): boolean => day >= from && day <= to;

/** Items grouped by their day, each day's items in time order; days without items are absent. */
export function bucketByDay<T extends { day: string; at: string }>(items: readonly T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const list = out.get(item.day);
    if (list) list.push(item);
    else out.set(item.day, [item]);
  }
  for (const list of out.values()) list.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  return out;
}

/** Days from `from` to `to`, both included. */
export function daysOf(from: string, to: string): string[] {
  return Array.from({ length: daysBetween(from, to) + 1 }, (_, i) => shiftDay(from, i));
}

const PLANNED = new Set(["SCHEDULED", "GENERATING", "WAITING_APPROVAL", "APPROVED", "READY", "PUBLISHING"]);
const PUBLISHED = new Set(["PUBLISHED", "PARTIALLY_PUBLISHED"]);

/** How a post's status places it: published, planned (still to come out), failed, or a status we do not know. */
export function calendarKind(status: string): "planned" | "published" | "failed" | "other" {
  if (PUBLISHED.has(status)) return "published";
  if (PLANNED.has(status)) return "planned";
  if (status === "FAILED") return "failed";
  return "other";
}

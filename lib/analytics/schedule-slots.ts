import type { Schedule } from "@/lib/schemas";
import { daysBetween } from "./dates";
import { daysOf, weekdayIndex } from "./calendar";

/**
 * A campaign's schedules as recurring slots on calendar days.
 *
 * The numbering of `day_of_week` is not documented (0 or 1 for Monday?), so a
 * WEEKLY schedule is placed by its `day_of_week_display`, read as a weekday
 * name in Russian or English (full or short, any case); a name we cannot read
 * leaves the schedule unplaced (listed in words), never guessed. Schedule
 * times are the service's Moscow wall time (UTC+03:00 all year).
 */

export type Slot = { day: string; time: string; at: string };

const MONDAY = Date.UTC(2024, 0, 1); // 2024-01-01 was a Monday

/** Lower-case weekday names → 0 (Monday) … 6 (Sunday), from the platform's own locale data. */
const WEEKDAY_BY_NAME: ReadonlyMap<string, number> = (() => {
  const names = new Map<string, number>();
  for (const locale of ["ru", "en"]) {
    for (const weekday of ["long", "short"] as const) {
      const format = new Intl.DateTimeFormat(locale, { weekday, timeZone: "UTC" });
      for (let i = 0; i < 7; i++) names.set(format.format(new Date(MONDAY + i * 86_400_000)).toLowerCase().replace(/\.$/, ""), i);
    }
  }
  return names;
})();

/** 0 (Monday) … 6 (Sunday) for a weekday's name, or undefined when it is not one we can read. */
export function weekdayFromName(name: string | undefined): number | undefined {
  return name === undefined ? undefined : WEEKDAY_BY_NAME.get(name.trim().toLowerCase().replace(/\.$/, ""));
}

/** Moscow has kept UTC+03:00 all year since 2014: a wall time there is this instant. */
export const moscowInstant = (day: string, time: string): string => new Date(`${day}T${time}:00+03:00`).toISOString();

/** Whether the schedule publishes on `day`; undefined when its days cannot be known. */
function firesOn(s: Schedule, day: string): boolean | undefined {
  switch (s.schedule_type) {
    case "DAILY":
      return true;
    case "WEEKLY": {
      const weekday = weekdayFromName(s.day_of_week_display);
      return weekday === undefined ? undefined : weekdayIndex(day) === weekday;
    }
    case "EVERY_N_DAYS": {
      if (!s.anchor_date || !s.interval_days || s.interval_days < 1) return undefined;
      // The anchor is the first publication day; the description does not say whether it also counts backwards.
      const since = daysBetween(s.anchor_date, day);
      return since >= 0 && since % s.interval_days === 0;
    }
    default:
      return undefined;
  }
}

/** Whether the calendar can place this schedule's days at all. */
export function isPlaceable(s: Schedule): boolean {
  return firesOn(s, "2024-01-01") !== undefined;
}

/** The schedule's slots from `from` to `to` (days, inclusive), in time order; empty when it cannot be placed. */
export function scheduleSlots(s: Schedule, from: string, to: string): Slot[] {
  if (!isPlaceable(s)) return [];
  return daysOf(from, to).flatMap((day) => (firesOn(s, day) ? [{ day, time: s.time, at: moscowInstant(day, s.time) }] : []));
}

/**
 * A planned post sits exactly on its slot; a published one carries its actual
 * moment, which trails the slot by however long publishing took. So a post
 * fills the latest free slot at or before it within this window (one post,
 * one slot). Give it one campaign's slots and posts.
 */
export const SLOT_FILL_WINDOW_MS = 60 * 60_000;

export function markFilled<S extends { at: string }>(slots: readonly S[], posts: readonly { at: string }[]): (S & { filled: boolean })[] {
  const out = slots.map((s) => ({ ...s, filled: false })).sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  const times = out.map((s) => Date.parse(s.at));
  for (const p of [...posts].sort((a, b) => Date.parse(a.at) - Date.parse(b.at))) {
    const at = Date.parse(p.at);
    for (let i = out.length - 1; i >= 0; i--) {
      const t = times[i] as number;
      if (t > at) continue;
      if (at - t >= SLOT_FILL_WINDOW_MS) break;
      const slot = out[i] as S & { filled: boolean };
      if (!slot.filled) {
        slot.filled = true;
        break;
      }
    }
  }
  return out;
}

import { DEFAULT_TIME_ZONE } from "@/lib/time/zone";

/**
 * The zone days are counted in when a caller names none: the team's default (lib/time/zone.ts).
 * Callers pass the zone that applies (the request's, lib/server/profile/request-zone.ts; in the browser, useTimeZone()).
 */
export const HOME_TIME_ZONE = DEFAULT_TIME_ZONE;

const DAY_MS = 86_400_000;

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An Intl.DateTimeFormat built once per locale and options: building one costs
 * far more than formatting with it (a per-post table formatted hundreds of days
 * while a phone hydrated it, ~90 ms of main thread at 4× slowdown).
 */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateTimeFormats.set(key, format);
  }
  return format;
}

/** YYYY-MM-DD of the calendar day containing `at` in `timeZone`. */
export function calendarDay(at: Date, timeZone = HOME_TIME_ZONE): string {
  // en-CA formats as YYYY-MM-DD.
  return dateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
}

/** Whole days from `from` to `to` (both YYYY-MM-DD); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** YYYY-MM-DD `days` days before `day`. */
export function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Days of a subscription left from now; 0 on its last day, negative once lapsed. */
export function daysLeft(until: string, now: Date, timeZone = HOME_TIME_ZONE): number {
  return daysBetween(calendarDay(now, timeZone), calendarDay(new Date(until), timeZone));
}

/** Campaigns whose end date falls within `withinDays` from today (today included). */
export function endingSoon<T extends { end_date: string | null }>(
  items: readonly T[],
  today: string,
  withinDays = 14,
): Array<T & { daysLeft: number }> {
  return items
    .flatMap((item) => {
      if (!item.end_date) return [];
      const left = daysBetween(today, item.end_date);
      return left >= 0 && left <= withinDays ? [{ ...item, daysLeft: left }] : [];
    })
    .sort((a, b) => a.daysLeft - b.daysLeft);
}

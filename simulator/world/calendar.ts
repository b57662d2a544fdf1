// Wall-time helpers for the service's home time zone. The upstream is a Moscow service, so
// schedules ("HH:MM") are local to UTC+03:00 (no DST) and date-times are emitted with +03:00.

import type { Schedule } from "./types";

export const TZ_OFFSET_MS = 3 * 3600_000;
export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;
export const MINUTE_MS = 60_000;

const pad = (n: number, w = 2): string => String(n).padStart(w, "0");

/** ISO 8601 with +03:00; milliseconds only when non-zero (like Django's isoformat). */
export function formatDateTime(ms: number): string {
  const d = new Date(ms + TZ_OFFSET_MS);
  const base =
    `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}` +
    `T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  const frac = d.getUTCMilliseconds();
  return `${base}${frac ? `.${pad(frac, 3)}` : ""}+03:00`;
}

/** YYYY-MM-DD of the local (UTC+3) calendar day containing ms. */
export function formatDate(ms: number): string {
  const d = new Date(ms + TZ_OFFSET_MS);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** Local day number (days since epoch in UTC+3). */
export function localDay(ms: number): number {
  return Math.floor((ms + TZ_OFFSET_MS) / DAY_MS);
}

export function dayStart(day: number): number {
  return day * DAY_MS - TZ_OFFSET_MS;
}

export function parseDate(date: string): number {
  return Date.parse(`${date}T00:00:00+03:00`);
}

/** Weekday with 0 = Monday (the numbering the simulator picked; the spec leaves it open). */
export function weekday(day: number): number {
  // Day 0 (1970-01-01) was a Thursday.
  return (((day + 3) % 7) + 7) % 7;
}

export const WEEKDAY_NAMES = ["Понедельник", "Вторник", "Среда", "Четверг", "Пятница", "Суббота", "Воскресенье"];

function timeOfDay(hhmm: string): number {
  const [h, m] = hhmm.split(":").map(Number);
  return (h ?? 0) * HOUR_MS + (m ?? 0) * MINUTE_MS;
}

function firesOn(s: Schedule, day: number): boolean {
  if (s.type === "WEEKLY") return weekday(day) === s.dayOfWeek;
  if (s.type === "EVERY_N_DAYS") {
    const anchor = localDay(parseDate(s.anchorDate ?? "1970-01-01"));
    const n = s.intervalDays ?? 1;
    return day >= anchor && (day - anchor) % n === 0;
  }
  return true;
}

/** Publication slots of a set of schedules with from < slot <= to, ascending, deduplicated. */
export function slotsBetween(schedules: readonly Schedule[], from: number, to: number): number[] {
  const out = new Set<number>();
  for (let day = localDay(from); day <= localDay(to); day++) {
    for (const s of schedules) {
      if (!firesOn(s, day)) continue;
      const at = dayStart(day) + timeOfDay(s.time);
      if (at > from && at <= to) out.add(at);
    }
  }
  return [...out].sort((a, b) => a - b);
}

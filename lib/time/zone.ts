/**
 * Time zones by IANA name. One zone is the team's (TEAM_TIME_ZONE, lib/env.ts); a person may choose
 * another on the profile page (lib/server/profile/request-zone.ts resolves which applies). Days, "today", mails,
 * webhooks and CSV exports are counted and written in it.
 */
export { DEFAULT_TIME_ZONE } from "@/i18n/config";

/** True for a zone name Intl knows (`Asia/Novosibirsk`, `UTC`); false for anything else. */
export function isTimeZone(name: string): boolean {
  if (!name || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at `at`, in minutes (Asia/Novosibirsk: 420). */
export function offsetMinutes(at: Date, timeZone: string): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    offsetFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return Math.round((wall - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/**
 * ISO 8601 with the zone's offset, to the second: `2026-11-27T19:05:00+07:00`. What every CSV
 * export writes, so a spreadsheet shows the team's wall clock and still knows the instant.
 */
export function isoInZone(at: Date | string | number, timeZone: string): string {
  const date = at instanceof Date ? at : new Date(at);
  if (!Number.isFinite(date.getTime())) return "";
  const offset = offsetMinutes(date, timeZone);
  const wall = new Date(Math.floor(date.getTime() / 1000) * 1000 + offset * 60_000).toISOString().slice(0, 19);
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  return `${wall}${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

/** The instant a calendar day (YYYY-MM-DD) starts in the zone. */
export function startOfDay(day: string, timeZone: string): Date {
  const guess = Date.parse(`${day}T00:00:00Z`);
  // The offset at the guessed instant, then once more at the corrected one (a change of offset that day).
  const first = guess - offsetMinutes(new Date(guess), timeZone) * 60_000;
  return new Date(guess - offsetMinutes(new Date(first), timeZone) * 60_000);
}

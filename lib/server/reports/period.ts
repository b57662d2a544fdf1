import "server-only";
import { calendarDay, daysBetween, shiftDay } from "@/lib/analytics/dates";
import { ApiError, text } from "@/lib/server/errors";
import { REPORT_MAX_DAYS } from "@/lib/reports/types";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Last week, Monday to Sunday, in the reader's zone: what a Monday report covers. */
export function lastWeek(now: number, timeZone: string): { from: string; to: string } {
  const today = calendarDay(new Date(now), timeZone);
  const dow = new Date(`${today}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  const monday = shiftDay(today, -((dow + 6) % 7));
  return { from: shiftDay(monday, -7), to: shiftDay(monday, -1) };
}

/** The month before the one `now` is in, in the reader's zone. */
export function lastMonth(now: number, timeZone: string): { from: string; to: string } {
  const today = calendarDay(new Date(now), timeZone);
  const firstOfThis = `${today.slice(0, 8)}01`;
  const to = shiftDay(firstOfThis, -1);
  return { from: `${to.slice(0, 8)}01`, to };
}

/** The period asked for (both days or neither), refused when malformed, reversed or too long. */
export function reportPeriod(q: { from?: string | null; to?: string | null }, now: number, timeZone: string): { from: string; to: string } {
  if (!q.from && !q.to) return lastWeek(now, timeZone);
  const from = q.from ?? q.to!;
  const to = q.to ?? q.from!;
  if (!DAY.test(from) || !DAY.test(to) || Number.isNaN(Date.parse(from)) || Number.isNaN(Date.parse(to)) || from > to || daysBetween(from, to) + 1 > REPORT_MAX_DAYS) {
    throw new ApiError("validation_error", text("validation.reportPeriod", { max: REPORT_MAX_DAYS }));
  }
  return { from, to };
}

/** The period of the same length just before. */
export function previousPeriod(p: { from: string; to: string }): { from: string; to: string } {
  const days = daysBetween(p.from, p.to) + 1;
  return { from: shiftDay(p.from, -days), to: shiftDay(p.from, -1) };
}

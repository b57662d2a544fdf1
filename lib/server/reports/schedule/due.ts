import "server-only";
import { shiftDay } from "@/lib/analytics/dates";
import { startOfDay } from "@/lib/time/zone";
import { lastMonth, lastWeek } from "../period";

/**
 * The period a subscription is due to deliver at `now`, or null before its
 * moment: weekly reports cover last week (Monday–Sunday) and are due from the
 * chosen weekday and hour of this week on; monthly ones cover last month and
 * are due from the chosen day and hour of this month on, in the person's
 * zone. A sender that was down at that hour sends when it comes back.
 */
export function duePeriod(s: { cadence: "weekly" | "monthly"; day: number; hour: number }, now: number, timeZone: string): { from: string; to: string } | null {
  const period = s.cadence === "weekly" ? lastWeek(now, timeZone) : lastMonth(now, timeZone);
  const day = s.cadence === "weekly" ? shiftDay(period.to, s.day) : `${shiftDay(period.to, 1).slice(0, 8)}${String(s.day).padStart(2, "0")}`;
  const at = startOfDay(day, timeZone).getTime() + s.hour * 3_600_000;
  return now >= at ? period : null;
}

export const periodKey = (p: { from: string; to: string }) => `${p.from}..${p.to}`;

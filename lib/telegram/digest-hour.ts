import { offsetMinutes } from "@/lib/time/zone";

/** The daily digest leaves at this hour of the person's own day (their zone, else the team's). */
export const DIGEST_HOUR = 9;

/** The person's day (YYYY-MM-DD) whose digest is due at `now`, or null before 09:00 in `timeZone`. */
export function digestDay(now: number, timeZone: string): string | null {
  const wall = new Date(now + offsetMinutes(new Date(now), timeZone) * 60_000);
  return wall.getUTCHours() < DIGEST_HOUR ? null : wall.toISOString().slice(0, 10);
}

import "server-only";
import { isoInZone } from "@/lib/time/zone";

/** The daily digest leaves at this hour of the person's own day (their zone, else the team's). */
const DIGEST_HOUR = 9;

/** The person's day (YYYY-MM-DD) whose digest is due at `now`, or null before 09:00 in `timeZone`. */
export function digestDay(now: number, timeZone: string): string | null {
  // The person's wall clock, as every export writes it: `YYYY-MM-DDTHH:…` with the zone's offset.
  const wall = isoInZone(now, timeZone);
  return Number(wall.slice(11, 13)) < DIGEST_HOUR ? null : wall.slice(0, 10);
}

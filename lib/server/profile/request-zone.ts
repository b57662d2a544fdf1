import "server-only";
import { cache } from "react";
import { getCurrentUser } from "@/lib/server/auth/current-user";
import { env } from "@/lib/env";
import { getOwnTimeZone } from "@/lib/server/profile/time-zone";

/*
 * Which time zone applies: the person's own (profile page), else the team's (TEAM_TIME_ZONE).
 * next-intl's request config carries it to every formatter, on the server and in the browser.
 */

export function teamTimeZone(): string {
  return env().TEAM_TIME_ZONE;
}

/** The zone a person sees, is mailed in and exports in. */
export async function timeZoneOf(email: string): Promise<string> {
  return (await getOwnTimeZone(email).catch(() => null)) ?? teamTimeZone();
}

/** The signed-in person's zone for this request (memoised), or the team's without a session. */
export const requestTimeZone = cache(async (): Promise<string> => {
  const user = await getCurrentUser().catch(() => null);
  return user ? timeZoneOf(user.email) : teamTimeZone();
});

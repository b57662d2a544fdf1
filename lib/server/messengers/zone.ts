import "server-only";
import { env } from "@/lib/env";
import { getOwnTimeZone } from "@/lib/server/profile/time-zone";

/** The zone a chat's times are written in: the person's own (profile) for their chat, else the team's (TEAM_TIME_ZONE). */
export async function zoneOf(email: string | null): Promise<string> {
  const own = email ? await getOwnTimeZone(email).catch(() => null) : null;
  return own ?? env().TEAM_TIME_ZONE;
}

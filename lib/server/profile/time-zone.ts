import "server-only";
import type { Kysely } from "kysely";
import { db, ensureMigrated, type Database } from "@/lib/server/db";
import { DEFAULT_NOTIFY_SETTINGS } from "@/lib/schemas/notify";
import { isTimeZone } from "@/lib/time/zone";
import "@/lib/server/notify/tables";

/*
 * A person's own time zone, kept with their other settings (notify_settings: language,
 * notifications). null: the team's (TEAM_TIME_ZONE). lib/server/profile/request-zone.ts says which applies.
 */

const key = (email: string) => email.trim().toLowerCase();

/** The zone this person chose, or null (none chosen, or a stored name no longer known). */
export async function getOwnTimeZone(email: string): Promise<string | null> {
  await ensureMigrated();
  const row = await db().selectFrom("notify_settings").select("time_zone").where("email", "=", key(email)).executeTakeFirst();
  const zone = row?.time_zone ?? null;
  return zone && isTimeZone(zone) ? zone : null;
}

/** Sets (or, with null, clears) the person's zone; their other settings are kept, or the defaults written. */
export async function saveOwnTimeZone(email: string, zone: string | null, now = new Date(), executor: Kysely<Database> = db()): Promise<void> {
  await ensureMigrated();
  const d = DEFAULT_NOTIFY_SETTINGS;
  await executor
    .insertInto("notify_settings")
    .values({ email: key(email), channels: JSON.stringify(d.kinds), due_hours: d.due_hours, locale: d.locale, time_zone: zone, updated_at: now.toISOString() })
    .onConflict((oc) => oc.column("email").doUpdateSet({ time_zone: zone, updated_at: now.toISOString() }))
    .execute();
}

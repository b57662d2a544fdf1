import "server-only";
import type { Kysely } from "kysely";
import { db, ensureMigrated, type Database } from "@/lib/server/db";
import { DEFAULT_NOTIFY_SETTINGS } from "@/lib/schemas/notify";
import { isLanding, type Landing } from "@/lib/auth/landing";
import "@/lib/server/notify/tables";

/*
 * The page a person lands on after signing in, kept with their other settings (notify_settings,
 * like their time zone). null: their role's (lib/auth/landing.ts says which).
 */

const key = (email: string) => email.trim().toLowerCase();

/** The landing this person chose, or null (none chosen, or a stored value no longer offered). */
export async function getOwnLanding(email: string): Promise<Landing | null> {
  await ensureMigrated();
  const row = await db().selectFrom("notify_settings").select("landing").where("email", "=", key(email)).executeTakeFirst();
  const landing = row?.landing ?? null;
  return isLanding(landing) ? landing : null;
}

/** Sets (or, with null, clears) the person's landing; their other settings are kept, or the defaults written. */
export async function saveOwnLanding(email: string, landing: Landing | null, now = new Date(), executor: Kysely<Database> = db()): Promise<void> {
  await ensureMigrated();
  const d = DEFAULT_NOTIFY_SETTINGS;
  await executor
    .insertInto("notify_settings")
    .values({ email: key(email), channels: JSON.stringify(d.kinds), due_hours: d.due_hours, locale: d.locale, landing, updated_at: now.toISOString() })
    .onConflict((oc) => oc.column("email").doUpdateSet({ landing, updated_at: now.toISOString() }))
    .execute();
}

import "server-only";
import { db, ensureMigrated } from "@/lib/server/db";
import "./tables";

export type MessengerName = "telegram" | "max";
export const MESSENGERS: readonly MessengerName[] = ["telegram", "max"];
/** With no choice made, reminders go to Telegram (the bot the team had first). */
export const DEFAULT_REMINDERS_TO: MessengerName = "telegram";

const lower = (email: string) => email.trim().toLowerCase();

/** Where each person wants reminders and escalations when linked to both. */
export async function remindersTo(emails: readonly string[]): Promise<Map<string, MessengerName>> {
  await ensureMigrated();
  const wanted = [...new Set(emails.map(lower))];
  if (wanted.length === 0) return new Map();
  const rows = await db().selectFrom("messenger_prefs").select(["email", "reminders_to"]).where("email", "in", wanted).execute();
  return new Map(rows.map((r) => [r.email, r.reminders_to === "max" ? "max" : "telegram"]));
}

export async function setRemindersTo(email: string, to: MessengerName, now = Date.now()): Promise<void> {
  await ensureMigrated();
  const at = new Date(now).toISOString();
  await db()
    .insertInto("messenger_prefs")
    .values({ email: lower(email), reminders_to: to, updated_at: at })
    .onConflict((oc) => oc.column("email").doUpdateSet({ reminders_to: to, updated_at: at }))
    .execute();
}

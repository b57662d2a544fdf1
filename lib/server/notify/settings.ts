import "server-only";
import type { Kysely } from "kysely";
import { db, ensureMigrated, type Database } from "@/lib/server/db";
import { log } from "@/lib/server/log";
import { DEFAULT_NOTIFY_SETTINGS, NotifySettings } from "@/lib/schemas/notify";
import "./tables";

const key = (email: string) => email.trim().toLowerCase();

/** A person's settings; the defaults when they never chose (or a stored row no longer parses). */
export async function getSettings(email: string): Promise<NotifySettings> {
  await ensureMigrated();
  const row = await db().selectFrom("notify_settings").selectAll().where("email", "=", key(email)).executeTakeFirst();
  if (!row) return DEFAULT_NOTIFY_SETTINGS;
  const parsed = NotifySettings.safeParse({ kinds: safeJson(row.channels), due_hours: row.due_hours, locale: row.locale });
  if (parsed.success) return parsed.data;
  log.warn("stored notification settings unreadable; defaults used", { email: key(email) });
  return DEFAULT_NOTIFY_SETTINGS;
}

/** Settings of many people at once (the deadline check asks for every decider each minute). */
export async function getSettingsMany(emails: readonly string[]): Promise<Map<string, NotifySettings>> {
  await ensureMigrated();
  const wanted = [...new Set(emails.map(key))];
  const out = new Map<string, NotifySettings>(wanted.map((e) => [e, DEFAULT_NOTIFY_SETTINGS]));
  if (wanted.length === 0) return out;
  for (const row of await db().selectFrom("notify_settings").selectAll().where("email", "in", wanted).execute()) {
    const parsed = NotifySettings.safeParse({ kinds: safeJson(row.channels), due_hours: row.due_hours, locale: row.locale });
    if (parsed.success) out.set(row.email, parsed.data);
  }
  return out;
}

/** Upserts; throws when the database refuses, so the route reports the save as failed. */
export async function saveSettings(email: string, s: NotifySettings, now = new Date(), executor: Kysely<Database> = db()): Promise<void> {
  await ensureMigrated();
  const values = { channels: JSON.stringify(s.kinds), due_hours: s.due_hours, locale: s.locale, updated_at: now.toISOString() };
  await executor
    .insertInto("notify_settings")
    .values({ email: key(email), ...values })
    .onConflict((oc) => oc.column("email").doUpdateSet(values))
    .execute();
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

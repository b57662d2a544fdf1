import "server-only";
import { db, ensureMigrated } from "@/lib/server/db";
import "../tables";

/*
 * A person's MAX link (migration 0023_max_links). Link codes, cards, buttons,
 * prompts and team chats are the layer's tables, shared with Telegram.
 */

export type MaxLink = { email: string; max_user_id: string; chat_id: string; username: string | null; linked_at: string };
const lower = (email: string) => email.trim().toLowerCase();

/** Ties the MAX account ("max:<id>") to the person; any earlier link of either side goes. */
export async function saveMaxLink(l: { email: string; userRef: string; chatRef: string; username: string | null }, now = Date.now()): Promise<void> {
  await ensureMigrated();
  await db()
    .transaction()
    .execute(async (trx) => {
      await trx.deleteFrom("max_links").where((eb) => eb.or([eb("email", "=", lower(l.email)), eb("max_user_id", "=", l.userRef)])).execute();
      await trx.insertInto("max_links").values({ email: lower(l.email), max_user_id: l.userRef, chat_id: l.chatRef, username: l.username, linked_at: new Date(now).toISOString() }).execute();
    });
}

export async function maxLinkByUser(userRef: string): Promise<MaxLink | null> {
  await ensureMigrated();
  return (await db().selectFrom("max_links").selectAll().where("max_user_id", "=", userRef).executeTakeFirst()) ?? null;
}

export async function maxLinkByEmail(email: string): Promise<MaxLink | null> {
  await ensureMigrated();
  return (await db().selectFrom("max_links").selectAll().where("email", "=", lower(email)).executeTakeFirst()) ?? null;
}

/** Returns whether there was a link to remove. */
export async function unlinkMax(by: { email: string } | { userRef: string }): Promise<boolean> {
  await ensureMigrated();
  const q = db().deleteFrom("max_links");
  const r = await ("email" in by ? q.where("email", "=", lower(by.email)) : q.where("max_user_id", "=", by.userRef)).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export async function maxLinksByEmails(emails: readonly string[]): Promise<Map<string, MaxLink>> {
  await ensureMigrated();
  const wanted = [...new Set(emails.map(lower))];
  if (wanted.length === 0) return new Map();
  const rows = await db().selectFrom("max_links").selectAll().where("email", "in", wanted).execute();
  return new Map(rows.map((r) => [r.email, r]));
}

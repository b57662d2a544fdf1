import "server-only";
import { db, ensureMigrated } from "@/lib/server/db";
import { lower, parseKinds, type TelegramKinds } from "../store";
import "../tables";

/*
 * A person's MAX link (migration 0024_max_links; its kinds 0028_max_kinds).
 * Link codes, cards, buttons, prompts and team chats are the layer's tables,
 * shared with Telegram.
 */

export type MaxLink = { email: string; max_user_id: string; chat_id: string; username: string | null; linked_at: string; kinds: TelegramKinds };
type Row = Omit<MaxLink, "kinds"> & { kinds: string | null };
const toLink = (r: Row): MaxLink => ({ ...r, kinds: parseKinds(r.kinds) });

/** Ties the MAX account ("max:<id>") to the person; any earlier link of either side goes (the person's card choices stay). */
export async function saveMaxLink(l: { email: string; userRef: string; chatRef: string; username: string | null }, now = Date.now()): Promise<void> {
  await ensureMigrated();
  await db()
    .transaction()
    .execute(async (trx) => {
      const before = await trx.selectFrom("max_links").select("kinds").where("email", "=", lower(l.email)).executeTakeFirst();
      await trx.deleteFrom("max_links").where((eb) => eb.or([eb("email", "=", lower(l.email)), eb("max_user_id", "=", l.userRef)])).execute();
      await trx
        .insertInto("max_links")
        .values({ email: lower(l.email), max_user_id: l.userRef, chat_id: l.chatRef, username: l.username, linked_at: new Date(now).toISOString(), kinds: before?.kinds ?? null })
        .execute();
    });
}

export async function maxLinkByUser(userRef: string): Promise<MaxLink | null> {
  await ensureMigrated();
  const r = await db().selectFrom("max_links").selectAll().where("max_user_id", "=", userRef).executeTakeFirst();
  return r ? toLink(r) : null;
}

export async function maxLinkByEmail(email: string): Promise<MaxLink | null> {
  await ensureMigrated();
  const r = await db().selectFrom("max_links").selectAll().where("email", "=", lower(email)).executeTakeFirst();
  return r ? toLink(r) : null;
}

/** Returns whether there was a link to remove. */
export async function unlinkMax(by: { email: string } | { userRef: string }): Promise<boolean> {
  await ensureMigrated();
  const q = db().deleteFrom("max_links");
  const r = await ("email" in by ? q.where("email", "=", lower(by.email)) : q.where("max_user_id", "=", by.userRef)).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Every MAX link when `emails` is left out. */
export async function maxLinksByEmails(emails?: readonly string[]): Promise<Map<string, MaxLink>> {
  await ensureMigrated();
  let q = db().selectFrom("max_links").selectAll();
  if (emails) {
    const wanted = [...new Set(emails.map(lower))];
    if (wanted.length === 0) return new Map();
    q = q.where("email", "in", wanted);
  }
  return new Map((await q.execute()).map((r) => [r.email, toLink(r)]));
}

/** Which cards the person wants in MAX; false when they have no MAX link. */
export async function setMaxKinds(email: string, kinds: TelegramKinds): Promise<boolean> {
  await ensureMigrated();
  const r = await db().updateTable("max_links").set({ kinds: JSON.stringify(kinds) }).where("email", "=", lower(email)).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

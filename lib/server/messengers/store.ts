import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { db, ensureMigrated } from "@/lib/server/db";
import "./tables";
import type { TelegramCardsTable } from "./tables";

/*
 * The bot's own rows (migration 0015_telegram). Plain queries that behave
 * the same on SQLite and Postgres; every "only once" is one conditional
 * write that a single instance can win.
 */

export const LINK_CODE_TTL_MS = 10 * 60_000;
export const lower = (email: string) => email.trim().toLowerCase();
const iso = (ms: number) => new Date(ms).toISOString();
const hash = (code: string) => createHash("sha256").update(code).digest("hex");
/** Short random ids: callback data has 64 bytes, and an id must not be guessable. */
const shortId = (bytes = 9) => randomBytes(bytes).toString("base64url");

// ---- links --------------------------------------------------------------------------------

/** Which cards a linked person wants in Telegram (on top of the notification settings' due hours). */
export type TelegramKinds = { deadline: boolean; mention: boolean; changes_requested: boolean; digest: boolean };
const TELEGRAM_KINDS = ["deadline", "mention", "changes_requested", "digest"] as const;
const DEFAULT_KINDS: TelegramKinds = { deadline: true, mention: true, changes_requested: true, digest: false };

export type Link = { email: string; tg_user_id: string; chat_id: string; username: string | null; kinds: TelegramKinds; linked_at: string };

/** A link's stored kinds (JSON; null: never chosen) over the defaults. */
export function parseKinds(text: string | null): TelegramKinds {
  if (text === null) return DEFAULT_KINDS;
  try {
    const v = JSON.parse(text) as Partial<TelegramKinds>;
    return { ...DEFAULT_KINDS, ...Object.fromEntries(TELEGRAM_KINDS.filter((k) => typeof v[k] === "boolean").map((k) => [k, v[k]])) };
  } catch {
    return DEFAULT_KINDS;
  }
}

/** A one-time code for `t.me/<bot>?start=<code>`; only its hash is kept. */
export async function createLinkCode(email: string, now = Date.now()): Promise<{ code: string; expiresAt: string }> {
  await ensureMigrated();
  const code = shortId(18); // 24 characters of [A-Za-z0-9_-], as /start payloads allow
  // One live code per person: a new one ends every older one (a code shown on a lost screen stops working).
  await db()
    .transaction()
    .execute(async (trx) => {
      await trx.deleteFrom("telegram_link_codes").where((eb) => eb.or([eb("expires_at", "<", iso(now)), eb("email", "=", lower(email))])).execute();
      await trx
        .insertInto("telegram_link_codes")
        .values({ code_hash: hash(code), email: lower(email), created_at: iso(now), expires_at: iso(now + LINK_CODE_TTL_MS), used_at: null })
        .execute();
    });
  return { code, expiresAt: iso(now + LINK_CODE_TTL_MS) };
}

/** The code's person, once: a used, expired or unknown code gives null. */
export async function consumeLinkCode(code: string, now = Date.now()): Promise<string | null> {
  await ensureMigrated();
  const key = hash(code);
  const r = await db()
    .updateTable("telegram_link_codes")
    .set({ used_at: iso(now) })
    .where("code_hash", "=", key)
    .where("used_at", "is", null)
    .where("expires_at", ">", iso(now))
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) return null;
  const row = await db().selectFrom("telegram_link_codes").select("email").where("code_hash", "=", key).executeTakeFirst();
  return row?.email ?? null;
}

/** Ties the account to the person; any earlier link of either side goes. */
export async function saveLink(l: { email: string; tgUserId: string; chatId: string; username: string | null }, now = Date.now()): Promise<void> {
  await ensureMigrated();
  await db()
    .transaction()
    .execute(async (trx) => {
      const before = await trx.selectFrom("telegram_links").select("kinds").where("email", "=", lower(l.email)).executeTakeFirst();
      await trx.deleteFrom("telegram_links").where((eb) => eb.or([eb("email", "=", lower(l.email)), eb("tg_user_id", "=", l.tgUserId)])).execute();
      await trx
        .insertInto("telegram_links")
        .values({ email: lower(l.email), tg_user_id: l.tgUserId, chat_id: l.chatId, username: l.username, kinds: before?.kinds ?? JSON.stringify(DEFAULT_KINDS), linked_at: iso(now) })
        .execute();
    });
}

type LinkRow = { email: string; tg_user_id: string; chat_id: string; username: string | null; kinds: string; linked_at: string };
const toLink = (r: LinkRow | undefined): Link | null => (r ? { ...r, kinds: parseKinds(r.kinds) } : null);

export async function linkByTgUser(tgUserId: string): Promise<Link | null> {
  await ensureMigrated();
  return toLink(await db().selectFrom("telegram_links").selectAll().where("tg_user_id", "=", tgUserId).executeTakeFirst());
}

export async function linkByEmail(email: string): Promise<Link | null> {
  await ensureMigrated();
  return toLink(await db().selectFrom("telegram_links").selectAll().where("email", "=", lower(email)).executeTakeFirst());
}

/** Every Telegram link when `emails` is left out. */
export async function linksByEmails(emails?: readonly string[]): Promise<Map<string, Link>> {
  await ensureMigrated();
  let q = db().selectFrom("telegram_links").selectAll();
  if (emails) {
    const wanted = [...new Set(emails.map(lower))];
    if (wanted.length === 0) return new Map();
    q = q.where("email", "in", wanted);
  }
  return new Map((await q.execute()).map((r) => [r.email, toLink(r) as Link]));
}

/** Returns whether there was a link to remove. */
export async function unlink(by: { email: string } | { tgUserId: string }): Promise<boolean> {
  await ensureMigrated();
  const q = db().deleteFrom("telegram_links");
  const r = await ("email" in by ? q.where("email", "=", lower(by.email)) : q.where("tg_user_id", "=", by.tgUserId)).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export async function setKinds(email: string, kinds: TelegramKinds): Promise<boolean> {
  await ensureMigrated();
  const r = await db().updateTable("telegram_links").set({ kinds: JSON.stringify(kinds) }).where("email", "=", lower(email)).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

// ---- cards and buttons ----------------------------------------------------------------------

/** A card as stored: the table's row (tables.ts says what each column holds). */
export type CardRow = TelegramCardsTable;

export async function newCard(c: { chatId: string; taskId: number; campaignId: number | null; version: number | null; kind: string; forEmail: string | null }, now = Date.now()): Promise<string> {
  await ensureMigrated();
  const id = shortId();
  await db()
    .insertInto("telegram_cards")
    .values({
      id,
      chat_id: c.chatId,
      message_id: null,
      message_ref: null,
      task_id: c.taskId,
      campaign_id: c.campaignId,
      version: c.version,
      kind: c.kind,
      for_email: c.forEmail ? lower(c.forEmail) : null,
      created_at: iso(now),
      decided_at: null,
      decided_by: null,
      decision: null,
    })
    .execute();
  return id;
}

export async function setCardMessage(id: string, messageId: number | string): Promise<void> {
  // Telegram's ids are numbers; MAX's are text (message_ref).
  await db()
    .updateTable("telegram_cards")
    .set(typeof messageId === "number" ? { message_id: messageId } : { message_ref: messageId })
    .where("id", "=", id)
    .execute();
}

/** The card's message as its messenger names it, null before it was sent. */
export const messageOf = (card: Pick<CardRow, "message_id" | "message_ref">): string | null => card.message_ref ?? (card.message_id === null ? null : String(card.message_id));

export async function getCard(id: string): Promise<CardRow | undefined> {
  await ensureMigrated();
  return db().selectFrom("telegram_cards").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Takes the card for one press: true for exactly one caller while it is undecided. */
export async function claimCard(id: string, now = Date.now()): Promise<boolean> {
  const r = await db().updateTable("telegram_cards").set({ decision: "pending", decided_at: iso(now) }).where("id", "=", id).where("decision", "is", null).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function releaseCard(id: string): Promise<void> {
  await db().updateTable("telegram_cards").set({ decision: null, decided_at: null }).where("id", "=", id).where("decision", "=", "pending").execute();
}

export async function settleCard(id: string, decision: string, by: string | null, now = Date.now()): Promise<void> {
  await db().updateTable("telegram_cards").set({ decision, decided_by: by, decided_at: iso(now) }).where("id", "=", id).execute();
}

/** Other cards of the post still offering buttons (to be edited when it is decided). */
export async function openCardsOf(taskId: number, except: string): Promise<CardRow[]> {
  return db().selectFrom("telegram_cards").selectAll().where("task_id", "=", taskId).where("decision", "is", null).where("id", "!=", except).where((eb) => eb.or([eb("message_id", "is not", null), eb("message_ref", "is not", null)])).execute();
}

/** One short id per action of a card; the callback data is the id alone. */
export async function newButtons<A extends string>(cardId: string, actions: readonly A[], now = Date.now()): Promise<Record<A, string>> {
  const rows = actions.map((action) => ({ id: shortId(), card_id: cardId, action, created_at: iso(now) }));
  if (rows.length > 0) await db().insertInto("telegram_buttons").values(rows).execute();
  return Object.fromEntries(rows.map((r) => [r.action, r.id])) as Record<A, string>;
}

export async function getButton(id: string): Promise<{ card_id: string; action: string } | undefined> {
  await ensureMigrated();
  return db().selectFrom("telegram_buttons").select(["card_id", "action"]).where("id", "=", id).executeTakeFirst();
}

// ---- reject prompts -------------------------------------------------------------------------

const PROMPT_TTL_MS = 15 * 60_000;

export async function setPrompt(p: { chatId: string; tgUserId: string; cardId: string; category: string }, now = Date.now()): Promise<void> {
  await db().deleteFrom("telegram_prompts").where("chat_id", "=", p.chatId).where("tg_user_id", "=", p.tgUserId).execute();
  await db()
    .insertInto("telegram_prompts")
    .values({ chat_id: p.chatId, tg_user_id: p.tgUserId, card_id: p.cardId, category: p.category, expires_at: iso(now + PROMPT_TTL_MS) })
    .execute();
}

/** The waiting reject of this person in this chat, taken (deleted) so a reason is used once. */
export async function takePrompt(chatId: string, tgUserId: string, now = Date.now()): Promise<{ card_id: string; category: string } | null> {
  await ensureMigrated();
  const row = await db().selectFrom("telegram_prompts").selectAll().where("chat_id", "=", chatId).where("tg_user_id", "=", tgUserId).executeTakeFirst();
  if (!row) return null;
  const r = await db().deleteFrom("telegram_prompts").where("chat_id", "=", chatId).where("tg_user_id", "=", tgUserId).where("card_id", "=", row.card_id).executeTakeFirst();
  if (Number(r.numDeletedRows) !== 1 || row.expires_at <= iso(now)) return null;
  return { card_id: row.card_id, category: row.category };
}

// ---- team chats -----------------------------------------------------------------------------

export async function bindChat(b: { campaignId: number; chatId: string; title: string | null; by: string }, now = Date.now()): Promise<void> {
  await ensureMigrated();
  const values = { chat_id: b.chatId, title: b.title, bound_by: lower(b.by), bound_at: iso(now) };
  await db()
    .insertInto("telegram_chats")
    .values({ campaign_id: b.campaignId, ...values })
    .onConflict((oc) => oc.column("campaign_id").doUpdateSet(values))
    .execute();
}

export async function unbindChat(campaignId: number, chatId: string): Promise<boolean> {
  const r = await db().deleteFrom("telegram_chats").where("campaign_id", "=", campaignId).where("chat_id", "=", chatId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export async function chatOfCampaign(campaignId: number): Promise<string | null> {
  await ensureMigrated();
  return (await db().selectFrom("telegram_chats").select("chat_id").where("campaign_id", "=", campaignId).executeTakeFirst())?.chat_id ?? null;
}

export async function campaignsOfChat(chatId: string): Promise<number[]> {
  await ensureMigrated();
  return (await db().selectFrom("telegram_chats").select("campaign_id").where("chat_id", "=", chatId).execute()).map((r) => r.campaign_id);
}

export async function boundCampaigns(): Promise<number[]> {
  await ensureMigrated();
  return (await db().selectFrom("telegram_chats").select("campaign_id").execute()).map((r) => r.campaign_id);
}

// ---- reminder rules and step marks ----------------------------------------------------------

export type Rule = { campaign_id: number; approvers: string[]; backups: string[]; remind_hours: number; repeat_hours: number; escalate_hours: number; updated_by: string; updated_at: string };

const emails = (text: string): string[] => {
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
};

export async function getRules(campaignIds?: readonly number[]): Promise<Rule[]> {
  await ensureMigrated();
  let q = db().selectFrom("telegram_rules").selectAll();
  if (campaignIds) {
    if (campaignIds.length === 0) return [];
    q = q.where("campaign_id", "in", [...campaignIds]);
  }
  return (await q.execute()).map((r) => ({ ...r, approvers: emails(r.approvers), backups: emails(r.backups) }));
}

export async function saveRule(r: Omit<Rule, "updated_at">, now = Date.now()): Promise<Rule> {
  await ensureMigrated();
  const values = {
    approvers: JSON.stringify(r.approvers.map(lower)),
    backups: JSON.stringify(r.backups.map(lower)),
    remind_hours: r.remind_hours,
    repeat_hours: r.repeat_hours,
    escalate_hours: r.escalate_hours,
    updated_by: lower(r.updated_by),
    updated_at: iso(now),
  };
  await db()
    .insertInto("telegram_rules")
    .values({ campaign_id: r.campaign_id, ...values })
    .onConflict((oc) => oc.column("campaign_id").doUpdateSet(values))
    .execute();
  return { ...r, approvers: r.approvers.map(lower), backups: r.backups.map(lower), updated_at: iso(now) };
}

export async function deleteRule(campaignId: number): Promise<boolean> {
  await ensureMigrated();
  return Number((await db().deleteFrom("telegram_rules").where("campaign_id", "=", campaignId).executeTakeFirst()).numDeletedRows) > 0;
}

/** The once-only mark of a post's step: true for the one caller that takes it. */
export async function claimStep(taskId: number, step: string, now = Date.now()): Promise<boolean> {
  await ensureMigrated();
  const r = await db()
    .insertInto("telegram_steps")
    .values({ task_id: taskId, step, at: iso(now) })
    .onConflict((oc) => oc.columns(["task_id", "step"]).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export async function hasStep(taskId: number, step: string): Promise<boolean> {
  await ensureMigrated();
  return (await db().selectFrom("telegram_steps").select("task_id").where("task_id", "=", taskId).where("step", "=", step).executeTakeFirst()) !== undefined;
}

export async function stepsOf(taskId: number): Promise<{ step: string; at: string }[]> {
  await ensureMigrated();
  return db().selectFrom("telegram_steps").select(["step", "at"]).where("task_id", "=", taskId).orderBy("at").execute();
}

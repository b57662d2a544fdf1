import "server-only";
import type { Kysely } from "kysely";
import { db, ensureMigrated, type Database } from "@/lib/server/db";
import { NotificationDetail, type NotificationItem } from "@/lib/schemas/notify";
import "./tables";

/*
 * The in-app list, the once-only marks and the e-mail queue. Plain queries
 * that behave the same on SQLite and Postgres (store.contract.ts runs them on both).
 */

export type NewItem = {
  email: string;
  kind: string;
  task_id: number;
  campaign_id?: number | null;
  actor_name?: string | null;
  detail?: NotificationDetail;
};

const lower = (email: string) => email.trim().toLowerCase();

export function parseDetail(text: string | null): NotificationDetail {
  if (!text) return {};
  try {
    const parsed = NotificationDetail.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** An item's columns, the same in the bell's list and in the digest queue. */
const columnsOf = (item: NewItem, now: Date) => ({
  email: lower(item.email),
  kind: item.kind,
  task_id: item.task_id,
  campaign_id: item.campaign_id ?? null,
  actor_name: item.actor_name ?? null,
  detail: item.detail ? JSON.stringify(item.detail) : null,
  created_at: now.toISOString(),
});

export async function addNotification(item: NewItem, now = new Date(), executor: Kysely<Database> = db()): Promise<number> {
  await ensureMigrated();
  const row = await executor
    .insertInto("notifications")
    .values({ ...columnsOf(item, now), read_at: null })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Newest first (ties by id); `unreadOnly` leaves out what was read. */
export async function listNotifications(email: string, o: { limit: number; unreadOnly?: boolean }): Promise<NotificationItem[]> {
  await ensureMigrated();
  let q = db().selectFrom("notifications").selectAll().where("email", "=", lower(email));
  if (o.unreadOnly) q = q.where("read_at", "is", null);
  const rows = await q.orderBy("created_at", "desc").orderBy("id", "desc").limit(o.limit).execute();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    task_id: r.task_id,
    campaign_id: r.campaign_id,
    actor_name: r.actor_name,
    detail: parseDetail(r.detail),
    created_at: r.created_at,
    read_at: r.read_at,
  }));
}

/** The bell's answer (GET /api/notifications): the latest items and the unread count. */
export async function notificationList(email: string, o: { limit: number; unreadOnly?: boolean }): Promise<{ items: NotificationItem[]; unread: number }> {
  const [items, unread] = await Promise.all([listNotifications(email, o), unreadCount(email)]);
  return { items, unread };
}

export async function unreadCount(email: string): Promise<number> {
  await ensureMigrated();
  const row = await db()
    .selectFrom("notifications")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("email", "=", lower(email))
    .where("read_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks the person's own items read (ids of someone else's are ignored); returns how many changed. */
export async function markRead(email: string, target: { ids: readonly number[] } | { all: true }, now = new Date()): Promise<number> {
  await ensureMigrated();
  let q = db().updateTable("notifications").set({ read_at: now.toISOString() }).where("email", "=", lower(email)).where("read_at", "is", null);
  if ("ids" in target) q = q.where("id", "in", [...target.ids]);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/**
 * Takes the once-only mark (person, post, mark): true for exactly one caller
 * across every instance, false when it was taken before. The primary key
 * decides, so two instances racing cannot both win.
 */
export async function claimMark(email: string, taskId: number, mark: string, now = new Date()): Promise<boolean> {
  await ensureMigrated();
  const r = await db()
    .insertInto("notify_sent")
    .values({ email: lower(email), task_id: taskId, mark, at: now.toISOString() })
    .onConflict((oc) => oc.columns(["email", "task_id", "mark"]).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** Puts an item in the person's next e-mail digest. */
export async function enqueueDigest(item: NewItem, now = new Date()): Promise<void> {
  await ensureMigrated();
  await db()
    .insertInto("notify_digest")
    .values({ ...columnsOf(item, now), sent_at: null })
    .execute();
}

/** How long what is done is kept: read items, mailed digest lines and once-only marks of posts long past. */
export const KEEP_MS = 30 * 24 * 3_600_000;

/** Drops read notifications, sent digest lines and marks older than KEEP_MS (unread items stay until read). */
export async function pruneNotifications(now = new Date()): Promise<number> {
  await ensureMigrated();
  const before = new Date(now.getTime() - KEEP_MS).toISOString();
  const results = await Promise.all([
    db().deleteFrom("notifications").where("read_at", "is not", null).where("read_at", "<", before).executeTakeFirst(),
    db().deleteFrom("notify_digest").where("sent_at", "is not", null).where("sent_at", "<", before).executeTakeFirst(),
    db().deleteFrom("notify_sent").where("at", "<", before).executeTakeFirst(),
  ]);
  return results.reduce((n, r) => n + Number(r.numDeletedRows), 0);
}

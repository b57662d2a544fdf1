import "server-only";
import { db, ensureMigrated } from "@/lib/server/db";
import { publishEvent } from "@/lib/server/events";
import type { PresenceView, Viewer } from "@/lib/schemas/collab";
import "./tables";

/**
 * Who has a post open right now. A post page sends a heartbeat every 20 s
 * (components/collab/presence-line.tsx) and a goodbye when it closes; a row not refreshed within
 * PRESENCE_TTL_MS counts as gone (a tab that died without a goodbye). Kept in
 * the database, so every instance sees every viewer without Redis; a
 * heartbeat is one small upsert. Pages hear of changes as `presence` events
 * (a count only) and refetch the names through GET /api/presence.
 */
export const PRESENCE_TTL_MS = 50_000;

type Who = { email: string; name: string };

const cutoff = (now: number) => new Date(now - PRESENCE_TTL_MS).toISOString();

async function countOf(task_id: number, now: number): Promise<number> {
  const r = await db()
    .selectFrom("presence")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("task_id", "=", task_id)
    .where("seen_at", ">=", cutoff(now))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

function announce(task_id: number, campaign_id: number | null, count: number): void {
  publishEvent({ type: "presence", task_id, ...(campaign_id !== null ? { campaign_id } : {}), count });
}

/** Records that `who` has the post open; announces only a newcomer (a repeat heartbeat changes nothing anyone sees). */
export async function heartbeat(task_id: number, campaign_id: number | null, who: Who, now = Date.now()): Promise<void> {
  await ensureMigrated();
  const seen_at = new Date(now).toISOString();
  const before = await db().selectFrom("presence").select("seen_at").where("task_id", "=", task_id).where("email", "=", who.email).executeTakeFirst();
  await db()
    .insertInto("presence")
    .values({ task_id, email: who.email, name: who.name, campaign_id, seen_at })
    .onConflict((oc) => oc.columns(["task_id", "email"]).doUpdateSet({ name: who.name, campaign_id, seen_at }))
    .execute();
  if (!before || before.seen_at < cutoff(now)) announce(task_id, campaign_id, await countOf(task_id, now));
}

/** The person closed the post (page left, tab closed). */
export async function leave(task_id: number, who: Who, now = Date.now()): Promise<void> {
  await ensureMigrated();
  const row = await db().selectFrom("presence").select("campaign_id").where("task_id", "=", task_id).where("email", "=", who.email).executeTakeFirst();
  if (!row) return;
  await db().deleteFrom("presence").where("task_id", "=", task_id).where("email", "=", who.email).execute();
  announce(task_id, row.campaign_id, await countOf(task_id, now));
}

/** Viewers per post, for one post or a whole campaign's rows; `except` (the asker) is left out. */
export async function viewers(f: { task_ids?: readonly number[]; campaign_id?: number }, except?: string, now = Date.now()): Promise<PresenceView> {
  await ensureMigrated();
  let q = db().selectFrom("presence").select(["task_id", "email", "name"]).where("seen_at", ">=", cutoff(now));
  if (f.task_ids) q = f.task_ids.length > 0 ? q.where("task_id", "in", [...f.task_ids]) : q.where("task_id", "=", -1);
  if (f.campaign_id !== undefined) q = q.where("campaign_id", "=", f.campaign_id);
  const out: Record<string, Viewer[]> = {};
  for (const r of await q.orderBy("name").execute()) {
    if (r.email === except) continue;
    (out[String(r.task_id)] ??= []).push({ email: r.email, name: r.name });
  }
  // Rows long gone are dropped now and then, by whoever asks: no timer to run.
  if (Math.random() < 0.05) await db().deleteFrom("presence").where("seen_at", "<", new Date(now - 10 * PRESENCE_TTL_MS).toISOString()).execute();
  return { viewers: out };
}

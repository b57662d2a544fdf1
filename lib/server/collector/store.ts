import "server-only";
import { sql, type Kysely } from "kysely";
import type { Database } from "@/lib/server/db";

/*
 * The engagement time series and the collector's shared work list (tables of
 * migration 0012). Every function takes the Kysely handle, so tests and the
 * benchmark can play two instances on one database; callers pass `db()`.
 * Times are ISO text in UTC (`toISOString()`), so text order is time order.
 */
declare module "@/lib/server/db/schema" {
  interface Database {
    metric_snapshots: MetricSnapshotsTable;
    metric_collector_items: CollectorItemsTable;
    metric_collector_pacing: { name: string; next_at: string };
  }
}

export interface MetricSnapshotsTable {
  id: import("kysely").Generated<number>;
  task_id: number;
  campaign_id: number;
  /** A platform code as the upstream sends it, or TOTAL (summed over platforms). */
  platform: string;
  metric_type: string;
  value: number;
  /** The upstream's previous value and change with it, when the read carried them (not history). */
  previous_value: number | null;
  delta: number | null;
  /** The upstream's time of the value. */
  collected_at: string;
  /** When the dashboard stored it. */
  recorded_at: string;
  source: SnapshotSource;
}

export type SnapshotSource = "detail" | "engagement" | "history";
export const TOTAL = "TOTAL";

export type CollectorKind = "campaigns" | "campaign" | "post" | "history";

/**
 * A post a person is waiting for first of all, then lists (discovery), then the history of a
 * campaign whose trend a person waits for, then every post's current reading, then other backfills.
 * (History does not stand in for a current reading: its newest point may be hours older.)
 */
export const PRIORITY = { postLookedAt: -1, list: 0, historyLookedAt: 5, post: 10, history: 20 } as const;

export interface CollectorItemsTable {
  key: string;
  kind: CollectorKind;
  task_id: number | null;
  campaign_id: number | null;
  /** Lower goes first: see PRIORITY. */
  priority: number;
  published_at: string | null;
  last_collected_at: string | null;
  /** Null: nothing more to do (a backfill done, a post no longer published). */
  next_due_at: string | null;
  /** Upstream calls the item is expected to take: the pacing moves by this many slots. */
  cost: import("kysely").ColumnType<number, number | undefined, number>;
  failures: import("kysely").ColumnType<number, number | undefined, number>;
  lease_owner: string | null;
  lease_until: string | null;
  /** Until when a person waits for it (a page looked at it without its data): the only items spare reads go to. */
  looked_until: import("kysely").ColumnType<string | null, string | null | undefined, string | null>;
}

export type SnapshotRow = Omit<MetricSnapshotsTable, "id">;
export type CollectorItem = { [K in keyof CollectorItemsTable]: CollectorItemsTable[K] extends import("kysely").ColumnType<infer S, unknown, unknown> ? S : CollectorItemsTable[K] };

export const iso = (ms: number) => new Date(ms).toISOString();
/** Any upstream date-time (`+03:00`) as UTC ISO text; null when unreadable. */
export function utc(v: string | null | undefined): string | null {
  if (!v) return null;
  const ms = Date.parse(v);
  return Number.isNaN(ms) ? null : iso(ms);
}

/** Stores values; one already held (same post, platform, metric and upstream time) is kept as it is. */
export async function recordSnapshots(db: Kysely<Database>, rows: readonly SnapshotRow[]): Promise<number> {
  let added = 0;
  // Chunks keep every statement under SQLite's bound-parameter limit.
  for (let i = 0; i < rows.length; i += 100) {
    const r = await db
      .insertInto("metric_snapshots")
      .values(rows.slice(i, i + 100))
      .onConflict((oc) => oc.columns(["task_id", "platform", "metric_type", "collected_at"]).doNothing())
      .executeTakeFirst();
    added += Number(r.numInsertedOrUpdatedRows ?? 0);
  }
  return added;
}

/** Registers posts the collector should follow (published ones): new ones are due now, known ones keep their plan. */
export async function upsertPosts(db: Kysely<Database>, posts: readonly { task_id: number; campaign_id: number; published_at: string | null }[], nowMs: number): Promise<void> {
  const now = iso(nowMs);
  for (const p of posts) {
    const published_at = utc(p.published_at);
    const base = { task_id: p.task_id, campaign_id: p.campaign_id, published_at, last_collected_at: null, lease_owner: null, lease_until: null };
    await db
      .insertInto("metric_collector_items")
      .values({ ...base, key: `post:${p.task_id}`, kind: "post", priority: PRIORITY.post, next_due_at: now, cost: 1 })
      .onConflict((oc) => oc.column("key").doUpdateSet({ published_at, campaign_id: p.campaign_id }))
      .execute();
    // History: one call per metric (five), once; the trend needs the days before we started.
    await db
      .insertInto("metric_collector_items")
      .values({ ...base, key: `history:${p.task_id}`, kind: "history", priority: PRIORITY.history, next_due_at: now, cost: 5 })
      .onConflict((oc) => oc.column("key").doUpdateSet({ published_at, campaign_id: p.campaign_id }))
      .execute();
  }
}

/** A list to read: the campaigns list or one campaign's published posts; due now when new. */
export async function upsertList(db: Kysely<Database>, key: string, kind: "campaigns" | "campaign", campaignId: number | null, nowMs: number): Promise<void> {
  await db
    .insertInto("metric_collector_items")
    .values({ key, kind, task_id: null, campaign_id: campaignId, priority: PRIORITY.list, published_at: null, last_collected_at: null, next_due_at: iso(nowMs), cost: 1, lease_owner: null, lease_until: null })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
}

export type Claim =
  | { kind: "item"; item: CollectorItem }
  /** Nothing due (or, with `waitedOnly`, nothing a person waits for). */
  | { kind: "idle" };

export type ClaimOptions = { owner: string; nowMs: number; leaseMs: number; waitedOnly?: boolean };

/**
 * Takes the most urgent due item for `owner` (PRIORITY's order); within each, the newest publication first.
 * The pace is the upstream scheduler's (lib/server/scheduler), not the list's.
 */
export async function claimNext(db: Kysely<Database>, o: ClaimOptions): Promise<Claim> {
  const now = iso(o.nowMs);
  let q = db
    .selectFrom("metric_collector_items")
    .where("next_due_at", "<=", now)
    .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", now)]));
  if (o.waitedOnly) q = q.where("priority", "in", [PRIORITY.postLookedAt, PRIORITY.historyLookedAt]).where("looked_until", ">=", now);
  const picked = await q.select(["key"]).orderBy("priority").orderBy(sql`coalesce(published_at, '')`, "desc").orderBy("key").limit(1).executeTakeFirst();
  if (!picked) return { kind: "idle" };
  // The lease test is repeated on the row itself: another instance may have taken it meanwhile.
  const item = await db
    .updateTable("metric_collector_items")
    .set({ lease_owner: o.owner, lease_until: iso(o.nowMs + o.leaseMs) })
    .where("key", "=", picked.key)
    .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", now)]))
    .returningAll()
    .executeTakeFirst();
  return item ? { kind: "item", item: item as CollectorItem } : { kind: "idle" };
}

/** Done: when it is due next (null: never), and what it cost this time (the next claim's estimate). */
export async function finishItem(db: Kysely<Database>, key: string, owner: string, o: { nowMs: number; nextDueMs: number | null; cost?: number }): Promise<void> {
  await db
    .updateTable("metric_collector_items")
    .set({
      last_collected_at: iso(o.nowMs),
      next_due_at: o.nextDueMs === null ? null : iso(o.nextDueMs),
      failures: 0,
      lease_owner: null,
      lease_until: null,
      // A post someone waited for goes back to the common order once read.
      priority: sql<number>`case when priority = ${PRIORITY.postLookedAt} then ${PRIORITY.post} else priority end`,
      ...(o.cost === undefined ? {} : { cost: Math.max(1, o.cost) }),
    })
    .where("key", "=", key)
    .where("lease_owner", "=", owner)
    .execute();
}

/** A post someone waits for is tried again this soon after a failure (a spent minute frees within one). */
export const LOOKED_AT_RETRY_MS = 15_000;

/**
 * Failed: tried again later, backing off with each failure in a row (5 min, 10, 20… at most 6 h);
 * a post a person is waiting for, after LOOKED_AT_RETRY_MS. A refusal of the budget is no failure
 * of the item: it is tried again when the refusal ends (`refusedForMs`), never later, and the
 * count of failures in a row stays as it was.
 */
export async function failItem(db: Kysely<Database>, key: string, owner: string, nowMs: number, failures: number, refusedForMs?: number): Promise<void> {
  const refused = refusedForMs !== undefined;
  const backoff = refused ? Math.max(1_000, refusedForMs) : Math.min(6 * 3_600_000, 5 * 60_000 * 2 ** Math.min(failures, 10));
  const lookedAt = refused ? Math.min(backoff, LOOKED_AT_RETRY_MS) : LOOKED_AT_RETRY_MS;
  await db
    .updateTable("metric_collector_items")
    .set({
      next_due_at: sql<string>`case when priority = ${PRIORITY.postLookedAt} then ${iso(nowMs + lookedAt)} else ${iso(nowMs + backoff)} end`,
      failures: refused ? failures : failures + 1,
      lease_owner: null,
      lease_until: null,
    })
    .where("key", "=", key)
    .where("lease_owner", "=", owner)
    .execute();
}

/** A post that left the published list (e.g. its status changed back): no more collection. */
export async function retirePosts(db: Kysely<Database>, campaignId: number, keep: readonly number[]): Promise<void> {
  let q = db.updateTable("metric_collector_items").set({ next_due_at: null }).where("campaign_id", "=", campaignId).where("kind", "in", ["post", "history"]);
  if (keep.length > 0) q = q.where("task_id", "not in", keep);
  await q.execute();
}

export async function listItem(db: Kysely<Database>, key: string) {
  return db.selectFrom("metric_collector_items").selectAll().where("key", "=", key).executeTakeFirst();
}

/** Every TOTAL value of these posts collected up to `toIso` (optionally one metric), oldest first. */
export async function totalsOf(db: Kysely<Database>, taskIds: readonly number[], toIso: string, metric?: string) {
  const out: Pick<SnapshotRow, "task_id" | "metric_type" | "value" | "collected_at">[] = [];
  for (let i = 0; i < taskIds.length; i += 200) {
    let q = db
      .selectFrom("metric_snapshots")
      .select(["task_id", "metric_type", "value", "collected_at"])
      .where("platform", "=", TOTAL)
      .where("task_id", "in", taskIds.slice(i, i + 200))
      .where("collected_at", "<=", toIso);
    if (metric) q = q.where("metric_type", "=", metric);
    out.push(...(await q.orderBy("collected_at").execute()));
  }
  return out;
}

/** A post's newest values, one per platform (TOTAL included) and metric, with their times. */
export async function latestOfPost(db: Kysely<Database>, taskId: number) {
  const rows = await db
    .selectFrom("metric_snapshots")
    .select(["platform", "metric_type", "value", "previous_value", "delta", "collected_at", "recorded_at", "source"])
    .where("task_id", "=", taskId)
    .orderBy("collected_at", "desc")
    .limit(500)
    .execute();
  const seen = new Map<string, (typeof rows)[number]>();
  for (const r of rows) if (!seen.has(`${r.platform}|${r.metric_type}`)) seen.set(`${r.platform}|${r.metric_type}`, r);
  return [...seen.values()];
}

/**
 * A page read a post's current values itself (the collector held none yet):
 * that is a collection too, so the collector's next one of the post waits for
 * its cadence instead of reading the same values again. A leased item (the
 * collector reading it now) is left to the collector.
 */
export async function notePostRead(db: Kysely<Database>, taskId: number, nowMs: number, nextDueMs: number): Promise<void> {
  const now = iso(nowMs);
  await db
    .updateTable("metric_collector_items")
    .set({ last_collected_at: now, next_due_at: iso(nextDueMs), failures: 0, priority: PRIORITY.post })
    .where("key", "=", `post:${taskId}`)
    .where("next_due_at", "is not", null)
    .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", now)]))
    .execute();
}

/**
 * Posts a person is waiting for that the collector never read: ahead of every other post's reading,
 * and due now (one that failed earlier is not left to its back-off).
 */
export async function promotePosts(db: Kysely<Database>, taskIds: readonly number[], nowMs: number): Promise<number> {
  let moved = 0;
  const now = iso(nowMs);
  const lookedUntil = iso(nowMs + LOOKED_FOR_MS);
  for (let i = 0; i < taskIds.length; i += 200) {
    const ids = taskIds.slice(i, i + 200);
    const r = await db
      .updateTable("metric_collector_items")
      .set({ priority: PRIORITY.postLookedAt, looked_until: lookedUntil, next_due_at: sql<string>`case when next_due_at > ${now} then ${now} else next_due_at end` })
      .where("kind", "=", "post")
      .where("priority", "=", PRIORITY.post)
      .where("last_collected_at", "is", null)
      .where("next_due_at", "is not", null)
      .where("task_id", "in", ids)
      .executeTakeFirst();
    moved += Number(r.numUpdatedRows ?? 0);
    // Still waited for: looked at again.
    await db.updateTable("metric_collector_items").set({ looked_until: lookedUntil }).where("kind", "=", "post").where("priority", "=", PRIORITY.postLookedAt).where("task_id", "in", ids).execute();
  }
  return moved;
}

/**
 * How long a look makes a person "waiting" for an item: a page without its data asks again while it
 * is open (the posts table every 10 s, the trend every 30 s), so past this nobody is looking, and
 * spare reads of people's lane stop; the scheduler's own pace goes on filling it.
 */
export const LOOKED_FOR_MS = 45_000;

/** Whether the post's one-time history backfill is done (every metric's history is in the series). */
export async function historyBackfilled(db: Kysely<Database>, taskId: number): Promise<boolean> {
  const row = await db
    .selectFrom("metric_collector_items")
    .select(["last_collected_at", "next_due_at"])
    .where("key", "=", `history:${taskId}`)
    .executeTakeFirst();
  return Boolean(row?.last_collected_at) && row?.next_due_at === null;
}

/** One metric's TOTAL values of a post, newest first (the history the series holds). */
export async function seriesOf(db: Kysely<Database>, taskId: number, metric: string, limit: number) {
  return db
    .selectFrom("metric_snapshots")
    .select(["value", "collected_at"])
    .where("task_id", "=", taskId)
    .where("platform", "=", TOTAL)
    .where("metric_type", "=", metric)
    .orderBy("collected_at", "desc")
    .limit(limit)
    .execute();
}

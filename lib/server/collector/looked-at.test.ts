// A post a person waits for: read before other posts; the one kind of item a minute's spare reads may take.
import { Migrator, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrations, openDatabase, type Database } from "@/lib/server/db";
import { claimNext, failItem, finishItem, iso, LOOKED_AT_RETRY_MS, LOOKED_FOR_MS, notePostRead, PRIORITY, promotePosts, upsertList, upsertPosts } from "./store";

let db: Kysely<Database>;
const t0 = Date.parse("2026-11-27T09:00:00Z");
const opts = { owner: "a", nowMs: t0, leaseMs: 60_000 };

beforeAll(async () => {
  db = openDatabase(":memory:");
  const { error } = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateToLatest();
  if (error) throw error;
  const published = (id: number, hoursAgo: number) => ({ task_id: id, campaign_id: 7, published_at: iso(t0 - hoursAgo * 3_600_000) });
  await upsertPosts(db, [published(1, 1), published(2, 2), published(3, 3)], t0);
  // Nothing else: history items are done, so only posts' readings are due.
  await db.updateTable("metric_collector_items").set({ next_due_at: null }).where("kind", "=", "history").execute();
});
afterAll(async () => db?.destroy());

describe("posts a page is waiting for", () => {
  it("go ahead of every other post, and are the only ones a claim for waited-for work takes", async () => {
    expect(await promotePosts(db, [3], t0)).toBe(1);
    const first = await claimNext(db, opts);
    expect(first.kind === "item" && first.item.key).toBe("post:3");
    // Only ordinary posts are due now: nobody waits for them.
    expect(await claimNext(db, { ...opts, waitedOnly: true })).toEqual({ kind: "idle" });
    // A looked-at one goes first, even before a due list.
    await upsertList(db, "campaign:7", "campaign", 7, t0);
    await promotePosts(db, [2], t0);
    const second = await claimNext(db, { ...opts, waitedOnly: true });
    expect(second.kind === "item" && second.item.key).toBe("post:2");
    // Once read, it goes back to the common order.
    await finishItem(db, "post:2", "a", { nowMs: t0, nextDueMs: t0 + 3_600_000 });
    const row = await db.selectFrom("metric_collector_items").select("priority").where("key", "=", "post:2").executeTakeFirstOrThrow();
    expect(row.priority).toBe(PRIORITY.post);
  });

  it("a refused read of a post someone waits for is tried again within seconds, not after the usual 5 min", async () => {
    await promotePosts(db, [3], t0);
    await db.updateTable("metric_collector_items").set({ lease_owner: "a", lease_until: iso(t0 + 60_000) }).where("key", "=", "post:3").execute();
    await failItem(db, "post:3", "a", t0, 0);
    const row = await db.selectFrom("metric_collector_items").select("next_due_at").where("key", "=", "post:3").executeTakeFirstOrThrow();
    expect(row.next_due_at).toBe(iso(t0 + LOOKED_AT_RETRY_MS));
  });

  it("a budget refusal is tried again when the refusal ends, never after a longer backoff, and is no failure", async () => {
    await upsertList(db, "campaign:9", "campaign", 9, t0);
    await db.updateTable("metric_collector_items").set({ lease_owner: "a", lease_until: iso(t0 + 60_000), failures: 4 }).where("key", "=", "campaign:9").execute();
    await failItem(db, "campaign:9", "a", t0, 4, 20_000);
    const row = await db.selectFrom("metric_collector_items").select(["next_due_at", "failures"]).where("key", "=", "campaign:9").executeTakeFirstOrThrow();
    expect(row).toEqual({ next_due_at: iso(t0 + 20_000), failures: 4 });
  });

  it("a post that failed before anyone looked is due at once when someone does", async () => {
    await db.updateTable("metric_collector_items").set({ next_due_at: iso(t0 + 5 * 60_000), failures: 1 }).where("key", "=", "post:1").execute();
    expect(await promotePosts(db, [1], t0)).toBe(1);
    const row = await db.selectFrom("metric_collector_items").select(["next_due_at", "priority"]).where("key", "=", "post:1").executeTakeFirstOrThrow();
    expect(row).toEqual({ next_due_at: iso(t0), priority: PRIORITY.postLookedAt });
  });

  it("a page's own read of a post counts as its collection: not read again before its cadence", async () => {
    await notePostRead(db, 1, t0, t0 + 3_600_000);
    const row = await db.selectFrom("metric_collector_items").select(["last_collected_at", "next_due_at"]).where("key", "=", "post:1").executeTakeFirstOrThrow();
    expect(row).toEqual({ last_collected_at: iso(t0), next_due_at: iso(t0 + 3_600_000) });
    // A post already read is not "waiting": promoting it changes nothing.
    expect(await promotePosts(db, [1], t0)).toBe(0);
  });
});

describe("a person who stops looking", () => {
  it("is no longer waited for once LOOKED_FOR_MS passes without a look: spare reads stop, the common order keeps it first", async () => {
    const t1 = t0 + 3_600_000;
    await upsertPosts(db, [{ task_id: 21, campaign_id: 8, published_at: iso(t1 - 60_000) }], t1);
    expect(await promotePosts(db, [21], t1)).toBe(1);
    const at = (ms: number) => ({ owner: "b", nowMs: ms, leaseMs: 1_000 });
    const waited = await claimNext(db, { ...at(t1 + LOOKED_FOR_MS - 1_000), waitedOnly: true });
    expect(waited.kind === "item" && waited.item.key).toBe("post:21");
    // Its lease lapsed; the page asked nothing more.
    expect(await claimNext(db, { ...at(t1 + LOOKED_FOR_MS + 5_000), waitedOnly: true })).toEqual({ kind: "idle" });
    const common = await claimNext(db, at(t1 + LOOKED_FOR_MS + 5_000));
    expect(common.kind === "item" && common.item.key).toBe("post:21");
    // Looked at again: waited for again.
    await db.updateTable("metric_collector_items").set({ lease_owner: null, lease_until: null }).where("key", "=", "post:21").execute();
    await promotePosts(db, [21], t1 + 60_000);
    const again = await claimNext(db, { ...at(t1 + 61_000), waitedOnly: true });
    expect(again.kind === "item" && again.item.key).toBe("post:21");
  });
});

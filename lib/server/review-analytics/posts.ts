import "server-only";
import type { DataMeta } from "@/lib/api/envelope";
import { CAMPAIGN_STATUSES, POST_STATUSES, type Post } from "@/lib/schemas";
import { campaignNames } from "@/lib/server/posts/titles";
import { service } from "@/lib/server/upstream-service";
import type { PostFacts } from "./compute";

/**
 * The posts behind the analytics, read through the service: per campaign
 * one cut of its mirror, every status (CANCELED included: a rejected post's
 * times count too), so the page costs no upstream read however often it is
 * opened; never a per-post call. A campaign beyond 500 posts gives its first
 * 100 only (a limit from when deeper pages were upstream calls).
 */
const PAGE = 100;
const MIRRORED = 500;
const CONCURRENCY = 3;
const ALL_STATUSES = [...POST_STATUSES];

export type LoadedPosts = { posts: PostFacts[]; names: Map<number, string>; meta: DataMeta };

/**
 * A list answered from the cache while its refresh runs (the gateway's
 * stale-while-revalidate) is seconds old: with a dozen campaigns one of them
 * nearly always is, and a page of 90-day figures is not out of date for it.
 * Only a part older than this makes the answer stale.
 */
const STALE_AFTER_MS = 60_000;

function stale(m: DataMeta, now: number): boolean {
  return m.stale && now - Date.parse(m.fetchedAt) > STALE_AFTER_MS;
}

/** The answer is as old as its oldest part, and stale when any part is really out of date. */
function worse(a: DataMeta, b: DataMeta, now: number): DataMeta {
  const older = Date.parse(b.fetchedAt) < Date.parse(a.fetchedAt) ? b : a;
  const isStale = stale(a, now) || stale(b, now);
  const retryAt = isStale ? (a.retryAt ?? b.retryAt) : undefined;
  return { stale: isStale, fetchedAt: older.fetchedAt, ...(retryAt ? { retryAt } : {}) };
}

async function campaignPosts(id: number): Promise<{ posts: Post[]; meta: DataMeta }> {
  // One cut of the mirror: up to MIRRORED posts whole, else the first PAGE of them.
  const r = await service.campaignPosts(id, { status: ALL_STATUSES, limit: MIRRORED, offset: 0 });
  return { posts: r.data.total > MIRRORED ? r.data.posts.slice(0, PAGE) : r.data.posts, meta: r.meta };
}

/**
 * Campaigns in scope: the one asked for; else every campaign named by a
 * decision of the range plus every active or frozen one (where posts may be
 * waiting past their time). Names come from the cached campaigns list.
 */
export async function loadPosts(campaignId: number | null, decidedCampaigns: readonly number[]): Promise<LoadedPosts> {
  const list = await service.campaigns({ status: [...CAMPAIGN_STATUSES] });
  const names = new Map(list.data.campaigns.map((c) => [c.id, c.name]));
  const known = new Set(list.data.campaigns.map((c) => c.id));
  const scope =
    campaignId !== null
      ? [campaignId]
      : [...new Set([...decidedCampaigns, ...list.data.campaigns.filter((c) => c.status === "ACTIVE" || c.status === "FROZEN").map((c) => c.id)])];
  // A campaign the account no longer lists cannot be read; its decisions still count, without times.
  const ids = scope.filter((id) => known.has(id));
  const now = Date.now();
  let meta: DataMeta = { ...list.meta, stale: stale(list.meta, now) };
  const facts: PostFacts[] = [];
  const queue = [...ids];
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      const r = await campaignPosts(id);
      meta = worse(meta, r.meta, now);
      for (const p of r.posts) facts.push({ task_id: p.task_id, campaign_id: p.campaign_id, status: p.status, created_at: p.created_at, published_at: p.published_at });
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, queue.length) }, worker));
  // A decided campaign the list does not give (no longer listed, a status we do not know): its name
  // from the mirror, so the screen and the export say it by name rather than by number.
  const unnamed = decidedCampaigns.filter((id) => !names.has(id));
  if (unnamed.length > 0) for (const [id, name] of await campaignNames(unnamed).catch(() => new Map<number, string>())) names.set(id, name);
  return { posts: facts, names, meta };
}

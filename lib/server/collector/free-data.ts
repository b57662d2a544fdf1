import "server-only";
import type { DataResponse } from "@/lib/api/envelope";
import type { PostDetail, PostEngagement } from "@/lib/schemas";
import { db } from "@/lib/server/db";
import { currentCollector } from "./current";
import { fromDetail, fromEngagement } from "./snapshots";
import { listItem, recordSnapshots, upsertPosts } from "./store";

/*
 * Free data for the time series: a post detail or a per-post engagement read
 * anyway (someone opened the post) is stored as a snapshot too, at no upstream
 * cost. Hooked into lib/server/upstream-service.ts. Fire and forget: never
 * throws, never delays the read; only while the collector runs (the real
 * server), so tests of other parts never touch a database through it. Each
 * answer is stored once (a cache hit repeats the answer it was fetched as).
 */
const g = globalThis as typeof globalThis & { __freeDataSeen?: Map<string, string> };
const seen = (g.__freeDataSeen ??= new Map<string, string>());

function firstTime(key: string, fetchedAt: string): boolean {
  if (seen.get(key) === fetchedAt) return false;
  seen.delete(key);
  seen.set(key, fetchedAt);
  if (seen.size > 5_000) seen.delete(seen.keys().next().value as string);
  return true;
}

const PUBLISHED = new Set(["PUBLISHED", "PARTIALLY_PUBLISHED"]);

export function observePostDetail(r: DataResponse<PostDetail>): void {
  if (!currentCollector()?.isRunning || !firstTime(`d:${r.data.task_id}`, r.meta.fetchedAt)) return;
  const p = r.data;
  void (async () => {
    await recordSnapshots(db(), fromDetail(p, r.meta.fetchedAt));
    if (PUBLISHED.has(p.status) && p.published_at) await upsertPosts(db(), [p], Date.now());
  })().catch(() => undefined);
}

export function observePostEngagement(r: DataResponse<PostEngagement>): void {
  if (!currentCollector()?.isRunning || !firstTime(`e:${r.data.task_id}`, r.meta.fetchedAt)) return;
  void (async () => {
    // The answer does not name the campaign: only posts the collector already follows are stored.
    const item = await listItem(db(), `post:${r.data.task_id}`);
    if (item?.campaign_id) await recordSnapshots(db(), fromEngagement(r.data, { campaignId: item.campaign_id, recordedAt: r.meta.fetchedAt }));
  })().catch(() => undefined);
}

/** Wraps a read so its answer is observed on the way out. */
export const observed =
  <T,>(fn: (r: DataResponse<T>) => void) =>
  (r: DataResponse<T>): DataResponse<T> => {
    try {
      fn(r);
    } catch {
      // Free data is optional.
    }
    return r;
  };

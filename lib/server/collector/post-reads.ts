import "server-only";
import type { DataResponse } from "@/lib/api/envelope";
import type { EngagementHistory, EngagementHistoryQuery, PostEngagement } from "@/lib/schemas";
import type { Priority } from "@/lib/server/gateway/gateway";
import { collectEveryMs } from "./cadence";
import type { ReadDeps } from "./read";
import { fromEngagement, fromHistory } from "./snapshots";
import { historyBackfilled, iso, latestOfPost, listItem, notePostRead, recordSnapshots, seriesOf, TOTAL } from "./store";

/*
 * A post's engagement as its pages read it (issue 31 point 4): from the
 * collector's time series whenever the collector holds it, the upstream asked
 * only for what it does not hold yet, and that answer stored in the series
 * (and counted as the post's collection), so it is never asked twice.
 */

/** At least this fresh for a post the collector does not follow (nothing refreshes it on a cadence). */
const SNAPSHOT_FRESH_MS = 10 * 60_000;

/**
 * How old a post's newest reading may be and still be served: its collection
 * cadence (hourly in its first day, every 6 h in its first week, then daily:
 * the collector reads it again by then, and the upstream's own values move
 * on about that scale), never less than SNAPSHOT_FRESH_MS.
 */
function servableForMs(publishedAt: string | null | undefined, known: boolean, nowMs: number): number {
  if (!known) return SNAPSHOT_FRESH_MS;
  const published = publishedAt ? Date.parse(publishedAt) : null;
  return Math.max(SNAPSHOT_FRESH_MS, collectEveryMs(Number.isNaN(published) ? null : published, nowMs));
}

/**
 * A post's current engagement per platform, the one snapshot the post page
 * and its engagement page both show: the newest per-post reading of the
 * series while it is within the post's cadence (or "read, nothing reported"
 * when the collector read it and the upstream had no metrics), else one read
 * through the service, stored. `meta.fetchedAt` is when it was read; each
 * value keeps the upstream's own `updated_at`.
 */
export async function postEngagementSnapshot(d: ReadDeps, taskId: number, priority: Priority): Promise<DataResponse<PostEngagement>> {
  const now = d.now();
  const item = await listItem(d.db, `post:${taskId}`);
  const servable = servableForMs(item?.published_at, Boolean(item), now);
  const rows = (await latestOfPost(d.db, taskId)).filter((r) => r.platform !== TOTAL && r.source === "engagement");
  const newest = rows.reduce<string | null>((m, r) => (m === null || r.recorded_at > m ? r.recorded_at : m), null);
  const readAt = item?.last_collected_at ?? null;
  const localAt = newest ?? (rows.length === 0 ? readAt : null);
  if (localAt && now - Date.parse(localAt) < servable) {
    return {
      data: {
        task_id: taskId,
        metrics: rows.map((r) => ({
          metric_type: r.metric_type,
          platform: r.platform,
          value: r.value,
          previous_value: r.previous_value ?? r.value,
          delta: r.delta ?? 0,
          updated_at: r.collected_at,
        })),
      },
      meta: { stale: false, fetchedAt: localAt },
    };
  }
  const r = await d.service.postEngagement(taskId, priority);
  // The answer does not name the campaign: it is known once the post is registered (any page listing it, or the collector).
  if (item?.campaign_id) {
    await recordSnapshots(d.db, fromEngagement(r.data, { campaignId: item.campaign_id, recordedAt: r.meta.fetchedAt }));
    if (!r.meta.stale) await notePostRead(d.db, taskId, now, now + servableForMs(item.published_at, true, now));
  }
  return r;
}

/**
 * One metric's history of a post, newest first: from the series once the
 * collector's backfill of the post is done (it holds the upstream's history
 * and every reading since), else from the upstream, stored in the series.
 */
export async function postEngagementHistory(d: ReadDeps, taskId: number, q: EngagementHistoryQuery, priority: Priority): Promise<DataResponse<EngagementHistory>> {
  const limit = q.limit ?? 50;
  if (await historyBackfilled(d.db, taskId)) {
    const points = await seriesOf(d.db, taskId, q.metric_type, limit);
    return {
      data: { task_id: taskId, metric_type: q.metric_type, datapoints: points.map((p) => ({ value: p.value, collected_at: p.collected_at })) },
      meta: { stale: false, fetchedAt: points[0]?.collected_at ?? iso(d.now()) },
    };
  }
  // Always the upstream's longest answer, cut here: a chart's "fewer points", a comparison and the API
  // asking for the same metric with another limit are one read (the service keeps it), not one each.
  const r = await d.service.postEngagementHistory(taskId, { metric_type: q.metric_type, limit: HISTORY_READ_LIMIT }, priority);
  const item = await listItem(d.db, `post:${taskId}`);
  if (item?.campaign_id) await recordSnapshots(d.db, fromHistory(r.data, { campaignId: item.campaign_id, recordedAt: r.meta.fetchedAt }));
  return { ...r, data: { ...r.data, datapoints: r.data.datapoints.slice(0, limit) } };
}

/** The upstream's most datapoints a history read may ask for (its `limit` allows 1–200). */
const HISTORY_READ_LIMIT = 200;

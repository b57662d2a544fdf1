import "server-only";
import type { DataMeta, DataResponse } from "@/lib/api/envelope";
import { CAMPAIGN_STATUSES, type OverviewAttention } from "@/lib/schemas";
import type { Priority } from "@/lib/server/gateway/gateway";
import { pageOf, statsOf } from "@/lib/server/mirror/cut";
import { normalizePostQuery } from "@/lib/server/service/keys";
import { isNotFilled } from "@/lib/server/service/not-filled";
import type { Service } from "@/lib/server/service/service";

/** Failed on at least one channel, newest first, five shown: the panel's rows and the count above them come from one cut. */
const FAILED = normalizePostQuery({ status: ["FAILED", "PARTIALLY_PUBLISHED"], sort: "-publish_at", limit: 5 });

export type AttentionService = Pick<Service, "campaigns" | "campaignMirror">;

/**
 * The overview's attention panel, from the campaign mirrors: each active
 * campaign's waiting count (as its detail's `stats` counts them) and its
 * failed posts. The campaigns list is the one the overview page reads (kept
 * 10 min, and in the database), so forty campaigns cost the upstream nothing
 * here once their mirrors exist; one never filled is asked of the scheduler
 * (its background lane) and counted in `loading`, never filled in people's lane.
 */
export async function overviewAttention(service: AttentionService, priority: Priority = "interactive"): Promise<DataResponse<OverviewAttention>> {
  const list = await service.campaigns({ status: [...CAMPAIGN_STATUSES] }, priority);
  const active = list.data.campaigns.filter((c) => c.status === "ACTIVE");
  const out: OverviewAttention = { waiting: [], failed: [], active: active.length, loading: 0 };
  const metas: DataMeta[] = [list.meta];
  for (const c of active) {
    let mirror: Awaited<ReturnType<AttentionService["campaignMirror"]>>;
    try {
      mirror = await service.campaignMirror(c.id, priority, { fill: "ask" });
    } catch (e) {
      if (!isNotFilled(e)) throw e;
      out.loading++;
      continue;
    }
    metas.push(mirror.meta);
    const waiting = statsOf(mirror.posts).waiting_approval;
    if (waiting > 0) out.waiting.push({ id: c.id, name: c.name, count: waiting });
    const failed = pageOf(c.id, c.name, mirror.posts, FAILED);
    if (failed.total > 0) {
      out.failed.push({ id: c.id, name: c.name, total: failed.total, posts: failed.posts.map((p) => ({ task_id: p.task_id, status: p.status, published_at: p.published_at })) });
    }
  }
  out.waiting.sort((a, b) => b.count - a.count || a.id - b.id);
  out.failed.sort((a, b) => b.total - a.total || a.id - b.id);
  return { data: out, meta: oldest(metas) };
}

/** Stale when any part is; the oldest part's time; the soonest retry. */
function oldest(metas: readonly DataMeta[]): DataMeta {
  const stale = metas.some((m) => m.stale);
  const fetchedAt = metas.map((m) => m.fetchedAt).sort()[0] as string;
  const retries = metas.flatMap((m) => (m.retryAt ? [m.retryAt] : [])).sort();
  return { stale, fetchedAt, ...(stale && retries[0] ? { retryAt: retries[0] } : {}) };
}

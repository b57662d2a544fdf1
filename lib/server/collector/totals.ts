import "server-only";
import { sql } from "kysely";
import type { DataResponse } from "@/lib/api/envelope";
import type { CampaignEngagement } from "@/lib/schemas";
import type { Priority } from "@/lib/server/gateway/gateway";
import { BudgetExhaustedError } from "@/lib/server/gateway/errors";
import { periodPostIds, postsReadAt, type ReadDeps } from "./read";
import { iso, TOTAL } from "./store";

/**
 * A campaign's engagement totals over the posts published since `since`
 * (the upstream's `campaigns/<id>/engagement/`), summed from the collector's
 * time series: each post's newest TOTAL value per metric, and its change at
 * that reading. The upstream is asked (one read) only while the series lacks
 * a post of the period, i.e. for what the collector does not hold yet; if the
 * budget refuses that read, the series' sum is served, marked stale.
 */
export async function campaignTotals(d: ReadDeps, campaignId: number, since: string | undefined, priority: Priority): Promise<DataResponse<CampaignEngagement>> {
  const fromIso = since ? iso(Date.parse(since)) : "";
  // The period's posts by the one definition (read.ts, periodPosts): the count the whole page shows.
  const { ids } = await periodPostIds(d, campaignId, fromIso, undefined, priority);
  const latest = await latestTotals(d, ids);
  const readAt = await postsReadAt(d.db, ids);
  const missing = ids.filter((id) => !latest.has(id) && !readAt.has(id));
  if (missing.length > 0) {
    try {
      // The upstream's sums for what the series lacks; its own posts_count is not ours to show (it counts
      // the upstream's list of this moment, which the mirror may not have caught up with yet).
      const answer = await d.service.campaignEngagement(campaignId, since ? { since } : {}, priority);
      return { ...answer, data: { ...answer.data, posts_count: ids.length } };
    } catch (e) {
      if (!(e instanceof BudgetExhaustedError)) throw e;
      return { ...local(campaignId, ids, latest, d.now()), meta: { stale: true, fetchedAt: oldestOf(latest) ?? iso(d.now()) } };
    }
  }
  return local(campaignId, ids, latest, d.now());
}

type Latest = Map<number, Map<string, { value: number; delta: number | null; at: string }>>;

function oldestOf(latest: Latest): string | null {
  let oldest: string | null = null;
  for (const metrics of latest.values()) {
    const newest = [...metrics.values()].reduce<string | null>((m, v) => (m === null || v.at > m ? v.at : m), null);
    if (newest && (oldest === null || newest < oldest)) oldest = newest;
  }
  return oldest;
}

function local(campaignId: number, ids: readonly number[], latest: Latest, nowMs: number): DataResponse<CampaignEngagement> {
  const aggregated: CampaignEngagement["aggregated"] = {};
  for (const metrics of latest.values()) {
    for (const [metric, v] of metrics) {
      const a = (aggregated[metric] ??= { total: 0, total_delta: 0 });
      a.total += v.value;
      a.total_delta += Math.max(0, v.delta ?? 0);
    }
  }
  // As of the least recently read post: every total is at least that fresh.
  return { data: { campaign_id: campaignId, posts_count: ids.length, aggregated }, meta: { stale: false, fetchedAt: oldestOf(latest) ?? iso(nowMs) } };
}

/**
 * Each post's newest TOTAL value per metric, with the change at that reading:
 * the upstream's own delta when the reading carried one, else the step from
 * the reading before it (a history point carries none). Only the two newest
 * readings of each are read (a window function: SQLite and Postgres alike).
 */
async function latestTotals(d: ReadDeps, ids: readonly number[]): Promise<Latest> {
  type Row = { task_id: number; metric_type: string; value: number; delta: number | null; collected_at: string; n: number | string };
  const out: Latest = new Map();
  for (let i = 0; i < ids.length; i += 200) {
    const chunk = ids.slice(i, i + 200);
    const { rows } = await sql<Row>`
      select task_id, metric_type, value, delta, collected_at, n from (
        select task_id, metric_type, value, delta, collected_at,
               row_number() over (partition by task_id, metric_type order by collected_at desc) as n
        from metric_snapshots
        where platform = ${TOTAL} and task_id in (${sql.join(chunk)})
      ) newest
      where n <= 2`.execute(d.db);
    const previous = new Map<string, number>();
    for (const r of rows) {
      if (Number(r.n) === 2) {
        previous.set(`${r.task_id}|${r.metric_type}`, r.value);
        continue;
      }
      const metrics = out.get(r.task_id) ?? new Map();
      out.set(r.task_id, metrics);
      metrics.set(r.metric_type, { value: r.value, delta: r.delta, at: r.collected_at });
    }
    for (const [taskId, metrics] of out) {
      for (const [metric, v] of metrics) {
        if (v.delta === null) v.delta = v.value - (previous.get(`${taskId}|${metric}`) ?? v.value);
      }
    }
  }
  return out;
}

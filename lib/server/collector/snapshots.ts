import "server-only";
import type { EngagementHistory, PostDetail, PostEngagement } from "@/lib/schemas";
import { TOTAL, utc, type SnapshotRow } from "./store";

/*
 * Upstream answers as rows of the time series. Every source also gives the
 * TOTAL (summed over platforms) row the trends read, under the upstream's own
 * time of the value, so the same collection seen through the post detail, the
 * per-post engagement and the history is one row, not three.
 */

type Ctx = { campaignId: number; recordedAt: string };

/** Per-post engagement: one row per platform and metric, plus the TOTAL per metric (newest platform time). */
export function fromEngagement(e: PostEngagement, c: Ctx): SnapshotRow[] {
  const rows: SnapshotRow[] = [];
  const totals = new Map<string, { value: number; delta: number; at: string }>();
  for (const m of e.metrics) {
    const at = utc(m.updated_at);
    if (!at) continue;
    rows.push({ task_id: e.task_id, campaign_id: c.campaignId, platform: m.platform, metric_type: m.metric_type, value: m.value, previous_value: m.previous_value, delta: m.delta, collected_at: at, recorded_at: c.recordedAt, source: "engagement" });
    const t = totals.get(m.metric_type);
    totals.set(m.metric_type, { value: (t?.value ?? 0) + m.value, delta: (t?.delta ?? 0) + m.delta, at: !t || at > t.at ? at : t.at });
  }
  for (const [metric, t] of totals) {
    rows.push({ task_id: e.task_id, campaign_id: c.campaignId, platform: TOTAL, metric_type: metric, value: t.value, previous_value: t.value - t.delta, delta: t.delta, collected_at: t.at, recorded_at: c.recordedAt, source: "engagement" });
  }
  return rows;
}

/** The post detail's `engagement` (already summed over platforms): TOTAL rows. Free data: the detail is read anyway. */
export function fromDetail(p: PostDetail, recordedAt: string): SnapshotRow[] {
  return Object.entries(p.engagement).flatMap(([metric, m]) => {
    const at = m ? utc(m.updated_at) : null;
    if (!m || !at) return [];
    return [{ task_id: p.task_id, campaign_id: p.campaign_id, platform: TOTAL, metric_type: metric, value: m.value, previous_value: m.value - m.delta, delta: m.delta, collected_at: at, recorded_at: recordedAt, source: "detail" as const }];
  });
}

/** History datapoints (summed over platforms by the upstream): TOTAL rows of one metric. */
export function fromHistory(h: EngagementHistory, c: Ctx): SnapshotRow[] {
  return h.datapoints.flatMap((d) => {
    const at = utc(d.collected_at);
    if (!at) return [];
    return [{ task_id: h.task_id, campaign_id: c.campaignId, platform: TOTAL, metric_type: h.metric_type, value: d.value, previous_value: null, delta: null, collected_at: at, recorded_at: c.recordedAt, source: "history" as const }];
  });
}

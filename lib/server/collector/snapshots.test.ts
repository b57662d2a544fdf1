import { describe, expect, it } from "vitest";
import { fromDetail, fromEngagement, fromHistory } from "./snapshots";

// The three reads as rows of the series: one collection seen through any of them is the same TOTAL row.
const at = "2026-11-20T12:00:00+03:00";
const utc = "2026-11-20T09:00:00.000Z";
const ctx = { campaignId: 7, recordedAt: "2026-11-20T09:05:00.000Z" };

describe("snapshots from upstream answers", () => {
  it("per-post engagement: a row per platform and the TOTAL per metric, at the upstream's own time in UTC", () => {
    const rows = fromEngagement(
      {
        task_id: 1,
        metrics: [
          { metric_type: "VIEWS", platform: "TELEGRAM", value: 100, previous_value: 90, delta: 10, updated_at: at },
          { metric_type: "VIEWS", platform: "VK", value: 50, previous_value: 45, delta: 5, updated_at: at },
        ],
      },
      ctx,
    );
    expect(rows.map((r) => [r.platform, r.value, r.previous_value, r.delta, r.collected_at])).toEqual([
      ["TELEGRAM", 100, 90, 10, utc],
      ["VK", 50, 45, 5, utc],
      ["TOTAL", 150, 135, 15, utc],
    ]);
  });

  it("the detail's engagement and the history give the same TOTAL row for the same collection", () => {
    const detail = fromDetail(
      { task_id: 1, campaign_id: 7, engagement: { VIEWS: { value: 150, delta: 15, updated_at: at } } } as unknown as Parameters<typeof fromDetail>[0],
      ctx.recordedAt,
    );
    const history = fromHistory({ task_id: 1, metric_type: "VIEWS", datapoints: [{ value: 150, collected_at: at }, { value: 120, collected_at: "2026-11-20T06:00:00+03:00" }] }, ctx);
    const key = (r: { task_id: number; platform: string; metric_type: string; collected_at: string; value: number }) => [r.task_id, r.platform, r.metric_type, r.collected_at, r.value].join("|");
    expect(detail.map(key)).toEqual([history[0]].map((r) => key(r!)));
    expect(history[1]?.collected_at).toBe("2026-11-20T03:00:00.000Z");
    expect(history[1]?.delta).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import type { PostEngagementMetric } from "@/lib/schemas";
import { historyPoints, metricColumns, newestCollectedAt, sumByMetric } from "./engagement";

const m = (metric_type: string, platform: string, value: number): PostEngagementMetric => ({
  metric_type,
  platform,
  value,
  previous_value: value,
  delta: 0,
  updated_at: "2026-11-20T10:00:00+03:00",
});

describe("engagement helpers", () => {
  it("sums a metric across platforms and leaves unreported metrics out (not 0)", () => {
    const sums = sumByMetric([m("VIEWS", "TELEGRAM", 100), m("VIEWS", "VK", 20), m("LIKES", "VK", 0)]);
    expect(sums).toEqual({ VIEWS: 120, LIKES: 0 });
    expect("COMMENTS" in sums).toBe(false);
  });

  it("keeps metrics the upstream added, after the known ones", () => {
    expect(metricColumns(["SAVES", "VIEWS"])).toEqual(["VIEWS", "LIKES", "COMMENTS", "REPOSTS", "REACTIONS", "SAVES"]);
  });

  it("puts history in time order (the API lists newest first)", () => {
    const points = [
      { value: 30, collected_at: "2026-11-20T12:00:00+03:00" },
      { value: 20, collected_at: "2026-11-20T11:00:00+03:00" },
      { value: 10, collected_at: "2026-11-20T10:00:00+03:00" },
    ];
    expect(historyPoints(points).map((p) => p.value)).toEqual([10, 20, 30]);
    expect(newestCollectedAt(points)).toBe("2026-11-20T12:00:00+03:00");
    expect(newestCollectedAt([])).toBeNull();
  });
});

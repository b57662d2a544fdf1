import { describe, expect, it } from "vitest";
import { dailyTotals, dayEndMs, daysOf, type TotalSample } from "./engagement-trends";

// Hand-computed: two posts, three Moscow days (a day ends at 21:00Z of the day before the next).
const s = (task_id: number, metric_type: string, value: number, collected_at: string): TotalSample => ({ task_id, metric_type, value, collected_at });

describe("campaign trend from the time series", () => {
  it("lists the days of a range, both ends included, and ends a day at Moscow midnight", () => {
    expect(daysOf("2026-11-29", "2026-12-02")).toEqual(["2026-11-29", "2026-11-30", "2026-12-01", "2026-12-02"]);
    expect(new Date(dayEndMs("2026-11-20")).toISOString()).toBe("2026-11-20T21:00:00.000Z");
    expect(new Date(dayEndMs("2026-11-20", "Asia/Novosibirsk")).toISOString()).toBe("2026-11-20T17:00:00.000Z");
  });

  it("sums each post's last value of each day; a day before any value is null, not 0", () => {
    const samples = [
      s(1, "VIEWS", 10, "2026-11-20T08:00:00.000Z"),
      s(1, "VIEWS", 25, "2026-11-20T20:59:59.000Z"), // 23:59:59 Moscow: still the 20th
      s(1, "VIEWS", 40, "2026-11-20T21:00:00.000Z"), // 00:00 Moscow: the 21st
      s(2, "VIEWS", 7, "2026-11-21T10:00:00.000Z"),
      s(2, "VIEWS", 9, "2026-11-22T10:00:00.000Z"),
      s(2, "LIKES", 3, "2026-11-22T10:00:00.000Z"),
      s(3, "VIEWS", 1000, "2026-11-21T10:00:00.000Z"), // not a post of the period
    ];
    const [views, likes] = dailyTotals(samples, [1, 2], ["VIEWS", "LIKES"], ["2026-11-19", "2026-11-20", "2026-11-21", "2026-11-22"]);
    expect(views?.points).toEqual([
      { day: "2026-11-19", value: null, posts: 0, collectedAt: null },
      { day: "2026-11-20", value: 25, posts: 1, collectedAt: "2026-11-20T20:59:59.000Z" },
      { day: "2026-11-21", value: 47, posts: 2, collectedAt: "2026-11-21T10:00:00.000Z" },
      { day: "2026-11-22", value: 49, posts: 2, collectedAt: "2026-11-22T10:00:00.000Z" },
    ]);
    expect(likes?.points.map((p) => p.value)).toEqual([null, null, null, 3]);
  });

  it("reads samples in any order and keeps a dip (a deleted comment) as the upstream reported it", () => {
    const samples = [s(1, "COMMENTS", 4, "2026-11-21T12:00:00Z"), s(1, "COMMENTS", 5, "2026-11-21T06:00:00Z"), s(1, "COMMENTS", 2, "2026-11-20T06:00:00Z")];
    const [comments] = dailyTotals(samples, [1], ["COMMENTS"], ["2026-11-20", "2026-11-21"]);
    expect(comments?.points.map((p) => p.value)).toEqual([2, 4]);
  });
});

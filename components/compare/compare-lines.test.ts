import { describe, expect, it } from "vitest";
import type { EngagementHistory, PostDetail } from "@/lib/schemas";
import { compareLines } from "./compare-lines";

const history = (points: [number, string][]): EngagementHistory =>
  ({ task_id: 0, metric_type: "VIEWS", datapoints: points.map(([value, collected_at]) => ({ value, collected_at })) }) as EngagementHistory;
const detail = (status: string, publishedAt: string | null, records: { status: string; published_at: string | null }[] = []) =>
  ({ status, published_at: publishedAt, publish_records: records }) as unknown as PostDetail;
const label = (id: number) => `#${id}`;

// Post 1 out at 10:00 on the 1st, post 2 at 22:00 on the 3rd (Moscow): 2.5 days apart on the calendar.
const h1 = history([[50, "2026-11-01T13:00:00+03:00"], [10, "2026-11-01T11:00:00+03:00"]]);
const h2 = history([[40, "2026-11-04T01:00:00+03:00"], [8, "2026-11-03T23:00:00+03:00"]]);

describe("compareLines", () => {
  it("lines posts up by hours since their own publication", () => {
    const out = compareLines({
      ids: [1, 2],
      historyData: [h1, h2],
      detailData: [detail("PUBLISHED", "2026-11-01T10:00:00+03:00"), detail("PUBLISHED", null, [{ status: "PUBLISHED", published_at: "2026-11-03T22:00:00+03:00" }])],
      aligned: true,
      seriesLabel: label,
    });
    expect(out.unit).toBe("hours");
    expect(out.lines.map((l) => [l.label, l.points.map((p) => [p.x, p.value])])).toEqual([
      ["#1", [[1, 10], [3, 50]]],
      ["#2", [[1, 8], [3, 40]]],
    ]);
    expect(out.rows.map((r) => [r.series, r.since, r.value])).toEqual([
      ["#1", 1, 10],
      ["#1", 3, 50],
      ["#2", 1, 8],
      ["#2", 3, 40],
    ]);
    expect(out.unaligned).toEqual([]);
  });

  it("leaves out (and names) a post with no publication moment, and waits for a detail not yet loaded", () => {
    const out = compareLines({
      ids: [1, 2, 3],
      historyData: [h1, h2, h2],
      detailData: [detail("PUBLISHED", "2026-11-01T10:00:00+03:00"), detail("APPROVED", "2026-11-03T22:00:00+03:00"), undefined],
      aligned: true,
      seriesLabel: label,
    });
    expect(out.lines.map((l) => l.key)).toEqual(["1"]);
    expect(out.unaligned).toEqual([2]);
    // The file keeps every post's points whatever the view.
    expect(out.series.map((s) => s.key)).toEqual(["1", "2", "3"]);
  });

  it("puts every post on calendar time when not aligned", () => {
    const out = compareLines({ ids: [1, 2], historyData: [h1, h2], detailData: [undefined, undefined], aligned: false, seriesLabel: label });
    expect(out.lines[1]?.points[0]?.x).toBe(Date.parse("2026-11-03T20:00:00Z"));
    expect(out.rows).toHaveLength(4);
  });
});

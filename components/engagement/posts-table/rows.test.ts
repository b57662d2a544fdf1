// A post's row keeps its object until its own answer changes: the table redraws
// only rows whose object changed, so this is what keeps an arriving answer from
// redrawing the whole table.
import { describe, expect, it } from "vitest";
import type { Post } from "@/lib/schemas";
import { engagementRow, seriesRow } from "./rows";

const post = (id: number) => ({ task_id: id, text: "…", published_at: "2026-11-20T10:00:00+03:00" }) as unknown as Post;
const answer = (views: number) => ({ data: { task_id: 1, metrics: [
  { metric_type: "VIEWS", platform: "TELEGRAM", value: views, previous_value: 0, delta: 0, updated_at: "2026-11-21T10:00:00+03:00" },
  { metric_type: "VIEWS", platform: "VK", value: 5, previous_value: 0, delta: 0, updated_at: "2026-11-21T10:00:00+03:00" },
] } }) as Parameters<typeof engagementRow>[1];

describe("engagementRow", () => {
  it("returns the same row while the post and its answer are the same", () => {
    const p = post(1);
    const pending = engagementRow(p, undefined, false);
    expect(pending).toEqual({ post: p, state: "pending", metrics: {}, collectedAt: null });
    expect(engagementRow(p, undefined, false)).toBe(pending);

    const a = answer(10);
    const loaded = engagementRow(p, a, false);
    expect(loaded).not.toBe(pending);
    // Summed over platforms, with when the upstream collected them.
    expect(loaded).toMatchObject({ state: "loaded", metrics: { VIEWS: 15 }, collectedAt: "2026-11-21T10:00:00+03:00" });
    expect(engagementRow(p, a, false)).toBe(loaded);
  });

  it("makes a new row for a new answer, a failure or another post", () => {
    const p = post(2);
    const first = engagementRow(p, answer(1), false);
    expect(engagementRow(p, answer(1), false)).not.toBe(first);
    expect(engagementRow(p, undefined, true).state).toBe("error");
    expect(engagementRow(post(2), undefined, true)).not.toBe(engagementRow(p, undefined, true));
  });
});

describe("seriesRow", () => {
  it("a row from the time series: loaded, values as stored, the newest reading's time", () => {
    const p = post(3);
    const row = seriesRow(p, { VIEWS: { value: 7, collectedAt: "2026-11-20T09:00:00.000Z" }, LIKES: { value: 1, collectedAt: "2026-11-20T10:00:00.000Z" } });
    expect(row).toEqual({ post: p, state: "loaded", metrics: { VIEWS: 7, LIKES: 1 }, collectedAt: "2026-11-20T10:00:00.000Z" });
    expect(seriesRow(p, { VIEWS: { value: 7, collectedAt: "2026-11-20T09:00:00.000Z" } })).toBe(row);
  });
});

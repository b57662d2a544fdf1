// @vitest-environment jsdom
// A campaign's engagement view reads at most six posts itself, chosen once per campaign: stepping
// through periods reads nothing more (the collector reads the rest), a new campaign chooses again.
import { cleanup, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { OWN_READS_PER_VIEW, useOwnReads } from "./own-reads";

type Data = { posts: { task_id: number }[]; missing: number[] };
const view = (ids: number[], missing: number[]): Data => ({ posts: ids.map((task_id) => ({ task_id })), missing });
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

afterEach(cleanup);

describe("useOwnReads", () => {
  it("keeps the first period's newest missing posts when the period widens, and reads nothing more", () => {
    const thirtyDays = view(range(1, 10), range(1, 8));
    const { result, rerender } = renderHook(({ id, data }: { id: number; data: Data | undefined }) => useOwnReads(id, data), {
      initialProps: { id: 7, data: undefined as Data | undefined },
    });
    expect(result.current).toEqual([]);
    rerender({ id: 7, data: thirtyDays });
    expect(result.current).toEqual(range(1, OWN_READS_PER_VIEW));
    // 90 days: its own reads landed (1–6 no longer missing), 20 older posts wait for the collector.
    rerender({ id: 7, data: view(range(1, 30), range(7, 30)) });
    expect(result.current).toEqual(range(1, OWN_READS_PER_VIEW));
    // A narrower period shows only its own posts.
    rerender({ id: 7, data: view([1, 2], []) });
    expect(result.current).toEqual([1, 2]);
  });

  it("chooses again for another campaign", () => {
    const { result, rerender } = renderHook(({ id, data }: { id: number; data: Data }) => useOwnReads(id, data), {
      initialProps: { id: 7, data: view([1, 2, 3], [1, 2, 3]) },
    });
    expect(result.current).toEqual([1, 2, 3]);
    rerender({ id: 8, data: view([40, 41], [41]) });
    expect(result.current).toEqual([41]);
  });
});

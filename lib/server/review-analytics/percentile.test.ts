import { describe, expect, it } from "vitest";
import { durationStat, nearestRank } from "./percentile";

describe("nearest-rank percentiles", () => {
  it("takes the value at rank ⌈p·n⌉ of the sorted list, never an interpolation", () => {
    expect(nearestRank([1, 2, 3, 4], 50)).toBe(2);
    expect(nearestRank([1, 2, 3, 4, 5], 50)).toBe(3);
    expect(nearestRank([15, 20, 35, 40, 50], 90)).toBe(50);
    // Ten values: p90 is the 9th, not the largest.
    expect(nearestRank([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90)).toBe(9);
    expect(nearestRank([7], 90)).toBe(7);
    expect(nearestRank([], 50)).toBeNull();
  });

  it("sorts before ranking", () => {
    expect(durationStat([300, 10, 200, 20])).toEqual({ count: 4, median: 20, p90: 300 });
    expect(durationStat([])).toEqual({ count: 0, median: null, p90: null });
  });
});

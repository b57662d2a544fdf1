import { describe, expect, it } from "vitest";
import { niceScale, pathOf, tickIndexes } from "./trend-scale";

describe("niceScale", () => {
  it("rounds the top up to whole steps of 1, 2 or 5 × 10ⁿ", () => {
    expect(niceScale(0)).toEqual({ top: 1, ticks: [0, 1] });
    expect(niceScale(3)).toEqual({ top: 3, ticks: [0, 1, 2, 3] });
    expect(niceScale(7)).toEqual({ top: 8, ticks: [0, 2, 4, 6, 8] });
    expect(niceScale(1234)).toEqual({ top: 1500, ticks: [0, 500, 1000, 1500] });
    expect(niceScale(100)).toEqual({ top: 100, ticks: [0, 50, 100] });
    expect(niceScale(41_000)).toEqual({ top: 60_000, ticks: [0, 20_000, 40_000, 60_000] });
  });

  it("never makes a fractional tick, and the top is at or above the largest value", () => {
    for (const max of [1, 2, 5, 9, 11, 19, 99, 101, 999, 12_345, 987_654]) {
      const { top, ticks } = niceScale(max);
      expect(top).toBeGreaterThanOrEqual(max);
      expect(ticks.every(Number.isInteger)).toBe(true);
      expect(ticks.at(-1)).toBe(top);
      expect(ticks.length).toBeGreaterThanOrEqual(2);
      expect(ticks.length).toBeLessThanOrEqual(6);
    }
  });
});

describe("pathOf", () => {
  const x = (i: number) => i * 10;
  const y = (v: number) => 100 - v;
  it("breaks the line where a day has no value, never drawing it as 0", () => {
    expect(pathOf([1, 2, null, 4, 5], x, y)).toBe("M0 99L10 98M30 96L40 95");
    expect(pathOf([null, null], x, y)).toBe("");
    expect(pathOf([0], x, y)).toBe("M0 100");
  });
});

describe("tickIndexes", () => {
  it("labels every day of a short range, and at most five spread over a long one, first and last included", () => {
    expect(tickIndexes(0)).toEqual([]);
    expect(tickIndexes(1)).toEqual([0]);
    expect(tickIndexes(5)).toEqual([0, 1, 2, 3, 4]);
    expect(tickIndexes(31)).toEqual([0, 8, 15, 23, 30]);
    expect(tickIndexes(7)).toEqual([0, 2, 3, 5, 6]);
    for (const n of [6, 8, 30, 31, 90, 365]) {
      const ticks = tickIndexes(n);
      expect(ticks[0]).toBe(0);
      expect(ticks.at(-1)).toBe(n - 1);
      expect(ticks.length).toBeLessThanOrEqual(5);
      // Evenly spread: no two neighbours closer than the widest gap allows.
      const gaps = ticks.slice(1).map((t, k) => t - ticks[k]!);
      expect(Math.max(...gaps) - Math.min(...gaps)).toBeLessThanOrEqual(1);
    }
  });
});

import { describe, expect, it } from "vitest";
import { DEFAULT_PLAN, intervals, mirrorReadsPerHour, Pacing } from "./plan";

// The arithmetic ARCHITECTURE.md prints: 400 background reads an hour, at 8 and at 40 campaigns.
describe("the scheduler's plan", () => {
  it("gives looked-at campaigns 20 s and due-soon ones 50 s, and spreads what is left over the rest", () => {
    const eight = intervals({ looked: 1, dueSoon: 1, rest: 6 });
    expect(eight).toMatchObject({ looked: 20_000, dueSoon: 50_000 });
    // 300 for the mirror (a quarter left to the engagement series): 180 + 72 for the first two, 48 for six (every 7.5 min).
    expect(Math.round(eight.rest / 1000)).toBe(450);
    expect(mirrorReadsPerHour({ looked: 1, dueSoon: 1, rest: 6 })).toBeLessThanOrEqual(DEFAULT_PLAN.readsPerHour * 0.75 + 0.5);
    // Nobody looking at 8 campaigns: the rest every 2 minutes at most.
    expect(intervals({ looked: 0, dueSoon: 1, rest: 7 }).rest).toBe(120_000);
  });

  it("at 40 campaigns, people's classes come first and the rest wait up to 30 minutes", () => {
    const forty = intervals({ looked: 1, dueSoon: 5, rest: 34 });
    expect(forty.rest).toBe(30 * 60_000);
    const idle = intervals({ looked: 0, dueSoon: 5, rest: 35 });
    expect(Math.round(idle.rest / 60_000)).toBeLessThanOrEqual(30);
  });

  it("paces reads at the hourly rate with a small burst: no hour ever holds more", () => {
    const t0 = 0;
    const p = new Pacing({ readsPerHour: 400, burst: 8 }, t0);
    let reads = 0;
    for (let t = t0; t < t0 + 3_600_000; t += 1_000) {
      while (p.available(t) >= 1) {
        p.spend(1, t);
        reads++;
      }
    }
    expect(reads).toBeLessThanOrEqual(408);
    expect(reads).toBeGreaterThanOrEqual(399);
    expect(p.waitMs(3_600_000)).toBeLessThanOrEqual(9_000);
  });
});

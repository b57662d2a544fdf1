import { describe, expect, it } from "vitest";
import { DEFAULT_PLAN, floorOf, intervals, mirrorReadsPerHour, Pacing, RANK, type Klass } from "./plan";

// The arithmetic ARCHITECTURE.md prints: 400 background reads an hour, at 8 and at 40 campaigns.
describe("the scheduler's plan", () => {
  it("gives looked-at campaigns 25 s and due-soon ones 50 s, and spreads what is left over the rest", () => {
    const eight = intervals({ looked: 1, dueSoon: 1, rest: 6 });
    expect(eight).toMatchObject({ looked: 25_000, dueSoon: 50_000 });
    // 300 for the mirror (a quarter left to the engagement series): 72 + 144 for the first two, 84 for six (every 257 s).
    expect(Math.round(eight.rest / 1000)).toBe(257);
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

  it("sets the due-soon share aside first: up to six due soon stay within 60 s, watchers share what is left", () => {
    // 37 campaigns, 4 due soon: 4 x 72 = 288 of the 400; three watched share the other 112 (each every 96 s).
    const large = intervals({ looked: 3, dueSoon: 4, rest: 30 });
    expect(large.dueSoon).toBe(50_000);
    expect(large.dueSoonReadsPerHour).toBe(288);
    expect(Math.round(large.looked / 1000)).toBe(96);
    expect(large.dueSoonReadsPerHour + large.lookedReadsPerHour).toBeCloseTo(400, 6);
    expect(large.rest).toBe(30 * 60_000);
    // One watcher beside four due soon: 112 left, every 32 s; beside one due soon, its 25 s.
    expect(Math.round(intervals({ looked: 1, dueSoon: 4, rest: 32 }).looked / 1000)).toBe(32);
    expect(intervals({ looked: 1, dueSoon: 1, rest: 35 }).looked).toBe(25_000);
    // Six due soon: 6 x 9 s = 54 s (the pace alone, 400 an hour); seven pass 60 s, beyond what 400 an hour can do.
    expect(intervals({ looked: 0, dueSoon: 6, rest: 31 }).dueSoon).toBe(54_000);
    expect(intervals({ looked: 0, dueSoon: 7, rest: 30 }).dueSoon).toBe(63_000);
    // Watchers beyond the pace share what the due-soon ones leave; more due soon than it holds leave them nothing.
    expect(mirrorReadsPerHour({ looked: 7, dueSoon: 4, rest: 0 })).toBeCloseTo(400, 6);
    expect(intervals({ looked: 2, dueSoon: 9, rest: 26 }).lookedReadsPerHour).toBe(0);
  });

  it("each class leaves a token in the bucket for every campaign of the classes before it", () => {
    const n = { looked: 3, dueSoon: 4 };
    expect(floorOf("asked", n)).toBe(1);
    expect(floorOf("dueSoon", n)).toBe(1);
    expect(floorOf("looked", n)).toBe(5);
    expect(floorOf("rest", n)).toBe(8);
    expect(floorOf("collector", n)).toBe(8);
    expect(floorOf("rest", { looked: 9, dueSoon: 9 })).toBe(DEFAULT_PLAN.burst);
  });

  it("with watchers always due, the floors keep four due-soon campaigns within 52 s on the pace alone", () => {
    // The tick's loop in miniature: every 2 s, due items by RANK, each spending one token when its floor allows.
    const p = new Pacing(DEFAULT_PLAN, 0);
    const n = { looked: 7, dueSoon: 4 };
    const last = new Map<string, number>();
    const items: { key: string; klass: Klass; every: number }[] = [
      ...[1, 2, 3, 4].map((i) => ({ key: `d${i}`, klass: "dueSoon" as const, every: DEFAULT_PLAN.dueSoonEveryMs })),
      ...[1, 2, 3, 4, 5, 6, 7].map((i) => ({ key: `l${i}`, klass: "looked" as const, every: DEFAULT_PLAN.lookedEveryMs })),
      ...[1, 2, 3].map((i) => ({ key: `r${i}`, klass: "rest" as const, every: 120_000 })),
    ];
    const gaps = new Map<string, number[]>();
    let reads = 0;
    for (let t = 0; t <= 3_600_000; t += DEFAULT_PLAN.tickMs) {
      const since = (key: string) => t - (last.get(key) ?? -Infinity);
      const due = items.filter((it) => since(it.key) >= it.every).sort((a, b) => RANK[a.klass] - RANK[b.klass] || since(b.key) - since(a.key));
      for (const it of due) {
        const at = last.get(it.key) ?? -Infinity;
        if (p.available(t) < floorOf(it.klass, n)) continue;
        p.spend(1, t);
        reads++;
        if (at > -Infinity) gaps.set(it.key, [...(gaps.get(it.key) ?? []), t - at]);
        last.set(it.key, t);
      }
    }
    for (const i of [1, 2, 3, 4]) expect(Math.max(...(gaps.get(`d${i}`) ?? [Infinity]))).toBeLessThanOrEqual(52_000);
    // The watchers took the rest of the pace: none starved, and the hour held 400 (and the first burst).
    for (const i of [1, 2, 3, 4, 5, 6, 7]) expect(gaps.get(`l${i}`)?.length ?? 0).toBeGreaterThan(3);
    expect(reads).toBeLessThanOrEqual(DEFAULT_PLAN.readsPerHour + DEFAULT_PLAN.burst);
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

import { describe, expect, it } from "vitest";
import { DEFAULT_INBOX_CONFIG } from "./config";
import { GRID_MS, gridFloor, nextPollAt, planCost, planIntervals, type CampaignFacts } from "./policy";
import { urgencyOf } from "./urgency";

const quiet = (id: number, o: Partial<CampaignFacts> = {}): CampaignFacts => ({ id, dueSoon: false, watched: false, busy: false, ...o });

describe("inbox refresh plan", () => {
  it("gives due-soon campaigns 30 s, busy 60 s, quiet 120 s, and looked-at ones a step faster, when the budget allows", () => {
    const plan = planIntervals([quiet(1), quiet(2, { busy: true }), quiet(3, { dueSoon: true }), quiet(4, { dueSoon: true, watched: true })], 480, DEFAULT_INBOX_CONFIG);
    expect(Object.fromEntries(plan)).toEqual({ 1: 120_000, 2: 60_000, 3: 30_000, 4: 15_000 });
  });

  it("stays within its capacity, most deserving first, and stretches everyone evenly when even 120 s does not fit", () => {
    const many = Array.from({ length: 12 }, (_, i) => quiet(i + 1, { dueSoon: i < 6, earliestMs: 1000 - i }));
    const plan = planIntervals(many, 440, DEFAULT_INBOX_CONFIG);
    expect(planCost(plan)).toBeLessThanOrEqual(440);
    // 12 × 30 a hour at 120 s leaves 80: the due-soon campaigns with the soonest posts get what it buys.
    expect([plan.get(6), plan.get(5), plan.get(4), plan.get(12)]).toEqual([60_000, 60_000, 120_000, 120_000]);
    const crowd = Array.from({ length: 30 }, (_, i) => quiet(i + 1, { dueSoon: true }));
    const thin = planIntervals(crowd, 440, DEFAULT_INBOX_CONFIG);
    expect(planCost(thin)).toBeLessThanOrEqual(440);
    // 30 × 15 an hour at 240 s is 450 > 440: everyone gets 480 s, and what is left goes to the first in line.
    expect(Math.max(...thin.values())).toBe(480_000);
    expect(thin.get(1)).toBe(30_000);
  });
});

describe("when a campaign's next poll is due", () => {
  const id = 7;
  const p = gridFloor(Date.parse("2026-11-20T10:00:00Z"), id);

  it("polls every interval on a chain every instance computes alike", () => {
    const after = nextPollAt({ polledAt: p }, id, 120_000, 300_000);
    expect(after - p).toBeLessThanOrEqual(120_000);
    // Another instance that polled at an odd moment of the same stretch lands on the same point.
    expect(nextPollAt({ polledAt: after - 47_000 }, id, 120_000, 300_000)).toBe(after);
    // Nested: the 60 s chain passes through every point of the 120 s one.
    expect((after - nextPollAt({ polledAt: p }, id, 60_000, 300_000)) % 60_000).toBe(0);
  });

  it("counts a notification as a refresh: the poll comes one interval after it", () => {
    const w = p + 50_000;
    const next = nextPollAt({ polledAt: p, notifiedAt: w }, id, 120_000, 300_000);
    expect(next - w).toBeGreaterThan(120_000 - GRID_MS);
    expect(next - w).toBeLessThanOrEqual(120_000);
    // Notifications every minute postpone polls, but the list is still read within five minutes.
    expect(nextPollAt({ polledAt: p, notifiedAt: p + 290_000 }, id, 120_000, 300_000) - p).toBeLessThanOrEqual(300_000);
  });

  it("retries a failed poll on the next grid point, or when the budget says", () => {
    expect(nextPollAt({ polledAt: p, retryAt: p }, id, 120_000, 300_000)).toBe(p + GRID_MS);
    expect(nextPollAt({ polledAt: p, retryAt: p + 100_000 }, id, 120_000, 300_000)).toBe(p + 105_000);
  });
});

describe("urgency", () => {
  // 10:00 in Moscow.
  const now = Date.parse("2026-11-20T10:00:00+03:00");
  const at = (hhmm: string, day = "2026-11-20") => Date.parse(`${day}T${hhmm}:00+03:00`);

  it("is overdue, due within the window, later today in Moscow, or later", () => {
    expect(urgencyOf(at("09:59"), now, 120 * 60_000)).toBe("overdue");
    expect(urgencyOf(now, now, 120 * 60_000)).toBe("overdue");
    expect(urgencyOf(at("12:00"), now, 120 * 60_000)).toBe("due_2h");
    expect(urgencyOf(at("12:01"), now, 120 * 60_000)).toBe("today");
    expect(urgencyOf(at("23:59"), now, 120 * 60_000)).toBe("today");
    // 00:30 Moscow is still the 20th in UTC: the day is Moscow's.
    expect(urgencyOf(at("00:30", "2026-11-21"), now, 120 * 60_000)).toBe("later");
    expect(urgencyOf(undefined, now, 120 * 60_000)).toBe("later");
    expect(urgencyOf(at("11:00"), now, 30 * 60_000)).toBe("today");
  });
});

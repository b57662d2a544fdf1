import { afterEach, describe, expect, it } from "vitest";
import { defaultLimits, type BudgetLike, type BudgetLimits, type Lane } from "@/lib/server/gateway/budget";
import { FakeClock } from "@/test/support/fake-clock";
import { BudgetRefusal } from "@/lib/server/gateway/errors";

/**
 * The behaviour every request budget must show, whatever keeps its state:
 * `budgetContract` declares the cases, budget.test.ts runs them on the
 * in-process Budget and redis-budget.test.ts on RedisBudget.
 */
export type BudgetUnderTest = {
  budget: BudgetLike;
  close(): Promise<void>;
  /**
   * Resolves when the budget has no store call under way. A store answers
   * after real time, while the fake clock would jump ahead meanwhile: the
   * cases wait for it before each timer, as real time would have.
   */
  settled?(): Promise<void>;
};

export type MakeBudget = (limits: BudgetLimits, clock: FakeClock) => Promise<BudgetUnderTest>;

const MINUTE = 60_000;
const HOUR = 3_600_000;

/** Largest number of times falling in any window [t, t + width). */
export function maxInWindow(times: number[], width: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  let lo = 0;
  for (let hi = 0; hi < sorted.length; hi++) {
    while ((sorted[hi] as number) - (sorted[lo] as number) >= width) lo++;
    best = Math.max(best, hi - lo + 1);
  }
  return best;
}

export async function refused(p: Promise<unknown>): Promise<BudgetRefusal> {
  try {
    await p;
  } catch (e) {
    if (e instanceof BudgetRefusal) return e;
    throw e;
  }
  throw new Error("expected a refusal");
}

/** Takes tokens of a lane, never waiting, until refused: how many it got. */
async function takeAll(budget: BudgetLike, lane: Lane): Promise<number> {
  for (let n = 0; ; n++) {
    try {
      (await budget.acquire(lane, 0)).settle();
    } catch {
      return n;
    }
  }
}

/** Moves the fake clock timer by timer, letting the budgets' store calls finish in between. */
export async function advance(clock: FakeClock, ms: number, settled: (() => Promise<void>)[]): Promise<void> {
  const end = clock.now() + ms;
  const idle = () => Promise.all(settled.map((s) => s()));
  for (;;) {
    await idle();
    const next = clock.nextTimerAt();
    if (next === undefined || next > end) break;
    await clock.advance(Math.max(0, next - clock.now()));
  }
  await clock.advance(end - clock.now());
  await idle();
}

export function budgetContract(name: string, makeBudget: MakeBudget): void {
  describe(`${name}: budget behaviour`, () => {
    const open: BudgetUnderTest[] = [];
    afterEach(async () => {
      await Promise.all(open.splice(0).map((b) => b.close()));
    });

    async function setup(limits: BudgetLimits) {
      const clock = new FakeClock();
      const made = await makeBudget(limits, clock);
      open.push(made);
      const settled = made.settled ? [made.settled] : [];
      return { clock, budget: made.budget, advance: (ms: number) => advance(clock, ms, settled) };
    }

    it("never exceeds a limit across a simulated hour of heavy demand, and keeps the write reserve", async () => {
      const limits = defaultLimits(60, 30, 1000);
      const { clock, budget, advance } = await setup(limits);
      const sent: Record<"read" | "write", number[]> = { read: [], write: [] };
      const answered: Record<"read" | "write", number[]> = { read: [], write: [] };
      const served: Record<Lane, number> = { interactive: 0, fresh: 0, background: 0, confirm: 0, write: 0 };
      let seed = 42;
      const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
      const end = clock.now() + HOUR + 10 * MINUTE;

      const worker = async (lane: Lane, thinkMs: number, waitMs: number) => {
        while (clock.now() < end) {
          try {
            const lease = await budget.acquire(lane, waitMs);
            const kind = lane === "write" ? "write" : "read";
            sent[kind].push(clock.now());
            served[lane]++;
            await clock.sleep(Math.floor(rand() * 800)); // upstream latency
            answered[kind].push(clock.now());
            lease.settle();
          } catch (e) {
            if (!(e instanceof BudgetRefusal)) throw e;
          }
          await clock.sleep(Math.floor(rand() * thinkMs) + 1);
        }
      };

      const workers = [
        ...Array.from({ length: 30 }, () => worker("interactive", 4000, 2500)),
        ...Array.from({ length: 10 }, () => worker("background", 2000, 0)),
        ...Array.from({ length: 2 }, () => worker("write", 60_000, 3000)),
      ];
      await advance(end - clock.now() + MINUTE);
      await Promise.all(workers);

      for (const kind of ["read", "write"] as const) {
        for (const times of [sent[kind], answered[kind]]) {
          expect(maxInWindow(times, MINUTE)).toBeLessThanOrEqual(kind === "read" ? 60 : 30);
        }
      }
      expect(maxInWindow([...sent.read, ...sent.write], HOUR)).toBeLessThanOrEqual(1000);
      expect(maxInWindow([...answered.read, ...answered.write], HOUR)).toBeLessThanOrEqual(1000);
      // The demand really was heavy: the hourly cap was reached…
      expect(sent.read.length + sent.write.length).toBeGreaterThan(1000);
      // …reads never ate into the reserve (no hour held more reads than the cap less the write reserve; a
      // snapshot read after an admission could see a write admitted in between on a shared store), and
      // writes kept getting through all along.
      expect(maxInWindow(sent.read, HOUR)).toBeLessThanOrEqual(limits.requestsPerHour - limits.writeReserve);
      expect(served.write).toBeGreaterThan(60);
      expect(served.interactive).toBeGreaterThan(served.background);
    });

    it("gives writes the reserve that reads may not touch", async () => {
      const { budget } = await setup({ ...defaultLimits(1000, 30, 100), writeReserve: 10 });
      let reads = 0;
      for (;;) {
        try {
          (await budget.acquire("interactive", 0)).settle();
          reads++;
        } catch {
          break;
        }
      }
      expect(reads).toBe(90);
      expect(budget.snapshot().hourly).toBe(10);
      for (let i = 0; i < 10; i++) (await budget.acquire("write", 0)).settle();
      await expect(budget.acquire("write", 0)).rejects.toBeInstanceOf(BudgetRefusal);
    });

    it("keeps the minute's last reads for the reads decisions rest on: people's reads are refused first", async () => {
      const { budget } = await setup({ ...defaultLimits(60, 30, 1000), backgroundReadHeadroom: 15 });
      expect(budget.limits.confirmReadReserve).toBe(3);
      expect(await takeAll(budget, "background")).toBe(42); // leaves 15 to people and 3 to decisions
      expect(await takeAll(budget, "interactive")).toBe(15);
      expect(await takeAll(budget, "confirm")).toBe(3);
      expect(budget.snapshot().reads).toBe(0);
    });

    it("gives a fresh read only while the team's minute is quiet, and people's reads the rest", async () => {
      const { clock, budget, advance } = await setup(defaultLimits(60, 30, 1000));
      expect(budget.limits.freshReadsPerMinute).toBe(15);
      // Five of people's reads this minute: ten fresh ones fit under fifteen.
      for (let i = 0; i < 5; i++) (await budget.acquire("interactive", 0)).settle();
      expect(await takeAll(budget, "fresh")).toBe(10);
      // The minute holds 15: fresh is refused at once (it never waits), people still get theirs.
      const refusal = await refused(budget.acquire("fresh", 5_000));
      expect(refusal.retryAt).toBeGreaterThan(clock.now());
      expect(await takeAll(budget, "interactive")).toBe(60 - 15 - 3);
      // A minute later the window is empty again.
      await advance(61_000);
      expect(await takeAll(budget, "fresh")).toBe(15);
    });

    it("serves interactive reads before background ones, and background never takes the last tokens", async () => {
      const { clock, budget, advance } = await setup({ ...defaultLimits(20, 30, 1000), backgroundReadHeadroom: 5, confirmReadReserve: 0 });
      // Background stops while 5 per-minute tokens are left; interactive may take them.
      let background = 0;
      while (background < 100) {
        try {
          (await budget.acquire("background", 0)).settle();
          background++;
        } catch {
          break;
        }
      }
      expect(background).toBe(15);
      for (let i = 0; i < 5; i++) (await budget.acquire("interactive", 0)).settle();
      expect(budget.snapshot().reads).toBe(0);

      // Now everyone waits for the same returning tokens. A background request that
      // asks not to wait is refused at once; one that queued first still goes last.
      const bg = await refused(budget.acquire("background", 0));
      expect(bg.retryAt).toBeGreaterThan(clock.now());
      const order: string[] = [];
      const take = (lane: Lane, name: string) =>
        budget.acquire(lane, 70_000).then((l) => {
          order.push(name);
          l.settle();
        });
      const waiting = [take("background", "background"), take("interactive", "interactive-1"), take("interactive", "interactive-2")];
      await advance(61_000);
      await Promise.all(waiting);
      expect(order).toEqual(["interactive-1", "interactive-2", "background"]);
    });

    it("lets an interactive request wait briefly, and refuses at once when the wait would be too long", async () => {
      const { clock, budget, advance } = await setup(defaultLimits(2, 30, 1000));
      const first = await budget.acquire("interactive", 0);
      await advance(59_000);
      first.settle(); // back at 59 s + 60 s
      (await budget.acquire("interactive", 0)).settle(); // back at 119 s
      // Next token at 119 s + margin: far beyond a 2.5 s wait.
      const r = await refused(budget.acquire("interactive", 2500));
      expect(r.retryAt - clock.now()).toBeGreaterThan(59_000);
      await advance(58_000);
      let got = false;
      const waiting = budget.acquire("interactive", 2500).then((l) => {
        got = true;
        l.settle();
      });
      await advance(1000);
      expect(got).toBe(false);
      await advance(1500);
      await waiting;
      expect(got).toBe(true);
    });

    it("returns a token one window after the answer, not after the request was sent", async () => {
      const limits = defaultLimits(1, 30, 1000);
      const { clock, budget, advance } = await setup(limits);
      const lease = await budget.acquire("interactive", 0);
      await advance(20_000); // a slow answer
      lease.settle();
      const r = await refused(budget.acquire("interactive", 0));
      expect(r.retryAt).toBe(clock.now() + MINUTE + limits.marginMs);
      await advance(MINUTE + limits.marginMs - 1);
      await refused(budget.acquire("interactive", 0));
      await advance(1);
      (await budget.acquire("interactive", 0)).settle();
    });

    it("pauses everything after a 429 until the given time", async () => {
      const { clock, budget, advance } = await setup(defaultLimits(60, 30, 1000));
      budget.pause(clock.now() + 10_000);
      expect(budget.snapshot().pausedUntil).toBe(new Date(clock.now() + 10_000).toISOString());
      const r = await refused(budget.acquire("write", 3000));
      expect(r.paused).toBe(true);
      expect(r.retryAt).toBe(clock.now() + 10_000);
      await advance(10_000);
      (await budget.acquire("write", 0)).settle();
      expect(budget.snapshot().pausedUntil).toBeUndefined();
    });
  });
}

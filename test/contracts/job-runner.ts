import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { closeDbForTests, ensureMigrated } from "@/lib/server/db";
import { createJobRunner, sendJob, wakeJob, type JobRunner } from "@/lib/server/jobs";
import { holdLease } from "@/lib/server/jobs/lease";
import { eventually } from "@/test/eventually";

/*
 * The job runner on one database, two instances' runners sharing it: a
 * recurring job runs on one of them at a time, a stopped runner runs nothing,
 * a delayed payload waits its delay, a job that throws is logged (a payload
 * retried) and the other jobs go on. Run on each database
 * (lib/server/jobs/runner.sqlite.test.ts, runner.postgres.test.ts).
 */

export type RunnerTarget = { freshDatabase: () => Promise<string> };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Test-sized timings: pg-boss polls every 0.5 s at best, the SQLite runner ticks on its own timers. */
const fast = { stopWaitMs: 2_000, pollSeconds: 0.5, retryDelayMs: 200, retryDelaySeconds: 1, retryLimit: 2, held: { ttlMs: 1_500, renewMs: 200 } };

export function describeJobRunnerContract(name: string, target: RunnerTarget): void {
  describe(`${name}: the job runner`, () => {
    const runners: JobRunner[] = [];
    const runner = (owner: string) => {
      const r = createJobRunner({ ...fast, owner });
      runners.push(r);
      return r;
    };

    beforeAll(async () => {
      process.env.DATABASE_URL = await target.freshDatabase();
      resetEnvForTests();
      await ensureMigrated();
    });
    afterEach(async () => {
      for (const r of runners.splice(0)) await r.stop();
    });
    afterAll(() => closeDbForTests());

    it("gives a lease one holder, renewable by it, taken over only after it lapses", async () => {
      const T0 = Date.parse("2026-01-01T00:00:00Z");
      expect(await holdLease("polling", "a", 45_000, T0)).toBe(true);
      expect(await holdLease("polling", "b", 45_000, T0 + 1_000)).toBe(false);
      expect(await holdLease("polling", "a", 45_000, T0 + 15_000)).toBe(true);
      expect(await holdLease("polling", "b", 45_000, T0 + 59_000)).toBe(false);
      expect(await holdLease("polling", "b", 45_000, T0 + 61_000)).toBe(true);
      expect(await holdLease("polling", "a", 45_000, T0 + 62_000)).toBe(false);
    });

    it("runs a recurring job on one of two runners sharing the database, again and again", async () => {
      const ran: string[] = [];
      let active = 0;
      let overlapped = false;
      for (const owner of ["a", "b"]) {
        runner(owner).recurring({
          name: "count-once",
          everyMs: 1_000,
          run: async () => {
            active++;
            if (active > 1) overlapped = true;
            ran.push(owner);
            await sleep(300);
            active--;
          },
        });
      }
      await Promise.all(runners.map((r) => r.start()));
      await sleep(4_500);
      // About once a second in all (a slot a little early or late), never on both at once.
      expect(ran.length).toBeGreaterThanOrEqual(3);
      expect(ran.length).toBeLessThanOrEqual(6);
      expect(overlapped).toBe(false);
    });

    it("runs nothing once stopped", async () => {
      let runs = 0;
      const r = runner("stopped");
      r.recurring({ name: "after-stop", everyMs: 1_000, run: async () => void runs++ });
      r.queue({ name: "after-stop-queue", handle: async () => void runs++ });
      await r.start();
      await eventually(() => runs >= 1, 5_000);
      await r.send("after-stop-queue", {}, { startAfterMs: 1_500 });
      await r.stop();
      const seen = runs;
      r.wake("after-stop");
      await sendJob("after-stop-queue", {});
      await sleep(3_000);
      expect(runs).toBe(seen);
    });

    it("runs a queued payload after its delay, once per singleton key", async () => {
      const got: { n: number; at: number }[] = [];
      const r = runner("delayed");
      r.queue<{ n: number }>({ name: "delayed", handle: async (p) => void got.push({ n: p.n, at: Date.now() }) });
      await r.start();
      const sent = Date.now();
      await sendJob("delayed", { n: 1 }, { startAfterMs: 2_000, singletonKey: "one" });
      await sendJob("delayed", { n: 2 }, { startAfterMs: 2_000, singletonKey: "one" });
      await sleep(1_200);
      expect(got).toEqual([]);
      await eventually(() => got.length === 1, 6_000);
      expect(got[0]!.n).toBe(1);
      expect(got[0]!.at - sent).toBeGreaterThanOrEqual(1_900);
      await sleep(1_500);
      expect(got).toHaveLength(1);
    });

    it("logs a job that throws, retries a payload, and keeps the other jobs running", async () => {
      let steady = 0;
      let boom = 0;
      let tries = 0;
      const r = runner("throws");
      r.recurring({ name: "boom", everyMs: 1_000, run: async () => { boom++; throw new Error("boom"); } });
      r.recurring({ name: "steady", everyMs: 1_000, run: async () => void steady++ });
      r.queue({ name: "flaky", handle: async () => { tries++; if (tries < 2) throw new Error("not yet"); } });
      await r.start();
      await sendJob("flaky", {});
      await eventually(() => tries >= 2 && boom >= 2 && steady >= 2, 10_000);
      await sleep(1_500);
      expect(tries).toBe(2); // succeeded on its retry, not run again
    });

    it("runs a woken job soon instead of at its next tick", async () => {
      let runs = 0;
      const r = runner("woken");
      r.recurring({ name: "woken", everyMs: 60_000, run: async () => void runs++ });
      await r.start();
      await sleep(1_000);
      expect(runs).toBe(0); // its first tick is a period away
      wakeJob("woken");
      await eventually(() => runs === 1, 5_000);
    });

    it("lets another runner take a recurring job over when the run of its holder hangs past its timeout (a dead instance)", async () => {
      const ran: string[] = [];
      for (const owner of ["frozen", "alive"]) {
        const r = createJobRunner({ ...fast, owner, graceMs: 1_000, maintenanceSeconds: 1 });
        runners.push(r);
        r.recurring({
          name: "takeover",
          everyMs: 1_000,
          timeoutMs: 1_000,
          run: async () => {
            ran.push(owner);
            // The frozen instance never comes back: its run ignores the signal and never ends.
            if (owner === "frozen") await new Promise(() => undefined);
          },
        });
      }
      await runners[0]!.start();
      await eventually(() => ran.includes("frozen"), 5_000);
      await runners[1]!.start();
      // Not before the frozen run's timeout and grace (2 s) have passed: until then it is taken for alive.
      const since = Date.now();
      await eventually(() => ran.includes("alive"), 15_000);
      expect(Date.now() - since).toBeGreaterThanOrEqual(1_500);
    }, 30_000);

    it("holds a held job on one runner, and hands it over when its holder stops", async () => {
      const holders = new Set<string>();
      for (const owner of ["h1", "h2"]) {
        runner(owner).held({
          name: "poller",
          run: async ({ signal }) => {
            holders.add(owner);
            await new Promise((resolve) => signal.addEventListener("abort", resolve, { once: true }));
            holders.delete(owner);
          },
        });
      }
      await runners[0]!.start();
      await eventually(() => holders.has("h1"), 5_000);
      await runners[1]!.start();
      await sleep(1_000);
      expect([...holders]).toEqual(["h1"]);
      await runners[0]!.stop();
      await eventually(() => holders.has("h2"), 5_000);
      expect([...holders]).toEqual(["h2"]);
    });
  });
}

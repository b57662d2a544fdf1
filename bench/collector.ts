/**
 * Engagement collector benchmark: `npx tsx bench/collector.ts [hours=30]`.
 *
 * The collector alone on the simulator's world (seed 42, rate limits ON, the
 * world moving with the clock: posts generated and published, engagement
 * collected upstream), through the real gateway and service, on a fake clock
 * and a real SQLite file, at the default share (20 % of 1000 an hour). Only
 * `Date` is faked besides, and moved with the clock, so the simulator's world
 * and limiter see the same hours (as bench/inbox.ts does).
 *
 * Prints: upstream calls per simulated hour (the first hours include the
 * one-time history backfill), the most in any sliding hour, the steady state;
 * how stale the newest and the oldest posts' metrics get (the longest time
 * since a post's last reading, by age class, sampled every 5 min once the first
 * round is done); and the time to answer a 90-day campaign trend from the
 * series (median of 20, the route's work without HTTP).
 *
 * The service modules import "server-only", which resolves to an empty module
 * only under the "react-server" condition: the script re-runs itself with it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { runAsServerCode } from "./server-conditions";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const WORLD_START = Date.parse("2026-11-20T09:00:00+03:00");

function fakeDate(start: number) {
  const Real = Date;
  let now = start;
  class Fake extends Real {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(now);
      else super(...(args as [string | number]));
    }
    static override now(): number {
      return now;
    }
  }
  globalThis.Date = Fake as DateConstructor;
  return { set: (t: number) => void (now = t) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const fmtH = (ms: number) => (ms >= HOUR ? `${(ms / HOUR).toFixed(1)} h` : `${Math.round(ms / 60_000)} min`);

async function main(): Promise<void> {
  const hours = Number(process.argv[2] ?? 30);
  const dates = fakeDate(WORLD_START);
  const dir = mkdtempSync(path.join(tmpdir(), "bench-collector-"));
  Object.assign(process.env, { DATABASE_URL: `file:${path.join(dir, "bench.db")}`, UPSTREAM_API_KEY: "demo-key", NEXTAUTH_SECRET: "bench-secret-bench-secret", LOG_LEVEL: "silent" });
  const { resetEnvForTests } = await import("../lib/env");
  resetEnvForTests();
  const { startSimulator } = await import("../simulator/server");
  const { FakeClock } = await import("../test/support/fake-clock");
  const { createGateway } = await import("../lib/server/gateway/gateway");
  const { createService } = await import("../lib/server/service/service");
  const { Collector, DEFAULT_COLLECTOR_CONFIG } = await import("../lib/server/collector/collector");
  const { Pacing } = await import("../lib/server/scheduler/plan");
  const { campaignTrends } = await import("../lib/server/collector/read");
  const { db, ensureMigrated, closeDbForTests } = await import("../lib/server/db");
  const { calendarDay, shiftDay } = await import("../lib/analytics/dates");
  const upstream = await import("@/lib/server/upstream");
  type Api = import("../lib/server/service/service").UpstreamApi;

  const sim = await startSimulator({ port: 0, limits: true, timeScale: 1, admin: true, startTime: WORLD_START, tickMs: 3_600_000, seed: 42 });
  try {
    await ensureMigrated();
    upstream.setUpstreamConfigForTests({ baseUrl: sim.url, apiKey: "demo-key", timeoutMs: 10_000 });
    const clock = new FakeClock(WORLD_START, (t) => dates.set(t));
    const calls: number[] = [];
    const api = Object.fromEntries(
      Object.entries(upstream as unknown as Api).map(([op, fn]) => [op, (...a: unknown[]) => (calls.push(clock.now()), (fn as (...x: unknown[]) => Promise<unknown>)(...a))]),
    ) as unknown as Api;
    const service = createService(createGateway({ clock, limits: { readsPerMinute: 60, writesPerMinute: 30, requestsPerHour: 1000 } }), api);
    const collector = new Collector({ service, db: db(), clock, config: { ...DEFAULT_COLLECTOR_CONFIG }, owner: "bench" });
    await collector.seed();

    const started = performance.now();
    const end = WORLD_START + hours * HOUR;
    const stale = { young: 0, week: 0, old: 0, newestPost: 0 };
    let firstRoundDoneAt: number | null = null;
    let nextSample = WORLD_START;
    // Paced as the upstream scheduler paces it when the mirrors leave it the share (lib/server/scheduler).
    const pace = new Pacing({ readsPerHour: 200, burst: 8 }, clock.now());
    while (clock.now() < end) {
      let wait = pace.waitMs(clock.now());
      if (wait === 0) {
        const reads = await collector.step();
        if (reads > 0) pace.spend(reads, clock.now());
        else wait = 60_000;
      }
      if (wait > 0) await clock.advance(Math.min(wait, end - clock.now(), Math.max(1, nextSample - clock.now())));
      if (clock.now() < nextSample) continue;
      nextSample = clock.now() + 5 * 60_000;
      const items = await db().selectFrom("metric_collector_items").select(["published_at", "last_collected_at"]).where("kind", "=", "post").where("next_due_at", "is not", null).execute();
      if (items.length === 0) continue;
      if (firstRoundDoneAt === null) {
        if (items.every((i) => i.last_collected_at !== null)) firstRoundDoneAt = clock.now();
        continue;
      }
      const now = clock.now();
      let newest = items[0];
      for (const i of items) {
        if ((i.published_at ?? "") > (newest?.published_at ?? "")) newest = i;
        // A post not read yet counts from its publication (it waits for its first reading).
        const since = Date.parse(i.last_collected_at ?? i.published_at ?? "");
        const age = now - Date.parse(i.published_at ?? "");
        const key = age < DAY ? "young" : age < 7 * DAY ? "week" : "old";
        stale[key] = Math.max(stale[key], now - since);
      }
      if (newest) stale.newestPost = Math.max(stale.newestPost, now - Date.parse(newest.last_collected_at ?? newest.published_at ?? ""));
    }
    const wall = performance.now() - started;

    const perHour = Array.from({ length: hours }, (_, h) => calls.filter((t) => t >= WORLD_START + h * HOUR && t < WORLD_START + (h + 1) * HOUR).length);
    let maxSliding = 0;
    for (let i = 0, j = 0; i < calls.length; i++) {
      while ((calls[i] as number) - (calls[j] as number) >= HOUR) j++;
      maxSliding = Math.max(maxSliding, i - j + 1);
    }
    const backfillLeft = await db().selectFrom("metric_collector_items").select((eb) => eb.fn.countAll<number>().as("n")).where("kind", "=", "history").where("next_due_at", "is not", null).executeTakeFirst();
    const lastFull = perHour.findIndex((n, h) => h > 0 && n < 0.9 * 200 && perHour.slice(h).every((m) => m < 0.9 * 200));
    const steady = lastFull > 0 ? perHour.slice(lastFull) : [];
    const tracked = await db().selectFrom("metric_collector_items").select((eb) => eb.fn.countAll<number>().as("n")).where("kind", "=", "post").executeTakeFirst();
    const rows = await db().selectFrom("metric_snapshots").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst();

    // A 90-day trend of the campaign with the most posts in it, answered from the series.
    const today = calendarDay(new Date(clock.now()));
    const from = shiftDay(today, -90);
    const deps = { service, db: db(), now: () => clock.now() };
    let best = { id: 0, posts: -1 };
    for (const c of sim.state.world.campaigns) {
      const t = await campaignTrends(deps, c.id, from, today, "background");
      if (t.data.postsInPeriod > best.posts) best = { id: c.id, posts: t.data.postsInPeriod };
    }
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      await campaignTrends(deps, best.id, from, today, "background");
      times.push(performance.now() - t0);
    }

    console.log(`Collector, ${hours} simulated hours on the simulator's world (share ${DEFAULT_COLLECTOR_CONFIG.budgetShare * 100} % of 1000/h), ${(wall / 1000).toFixed(1)} s of wall time`);
    console.log(`  upstream calls per hour: ${perHour.join(", ")}`);
    console.log(`  most in any sliding hour: ${maxSliding} (cap 200); total ${calls.length}`);
    console.log(`  posts tracked: ${tracked?.n}; snapshot rows: ${rows?.n}; history backfills left: ${backfillLeft?.n}`);
    console.log(`  steady state (after the first round and backfill, from hour ${lastFull}): ${steady.length ? `${Math.round(steady.reduce((a, b) => a + b, 0) / steady.length)} calls/h` : "not reached"}`);
    console.log(`  first round of every post done after: ${firstRoundDoneAt === null ? "not done" : fmtH(firstRoundDoneAt - WORLD_START)}`);
    console.log(`  staleness (longest since last reading, after the first round): posts < 1 day ${fmtH(stale.young)}, 1–7 days ${fmtH(stale.week)}, older ${fmtH(stale.old)}; the newest post ${fmtH(stale.newestPost)}`);
    console.log(`  90-day trend of campaign ${best.id} (${best.posts} posts), answered from the series: median ${median(times).toFixed(1)} ms (min ${Math.min(...times).toFixed(1)}, max ${Math.max(...times).toFixed(1)})`);
  } finally {
    upstream.setUpstreamConfigForTests(undefined);
    await sim.close();
    await closeDbForTests();
    rmSync(dir, { recursive: true, force: true });
  }
}

void runAsServerCode(import.meta.url, main);

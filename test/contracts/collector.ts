import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { closeDbForTests, db, dialectOf, ensureMigrated, type Database, type DatabaseKind } from "@/lib/server/db";
import { FakeClock } from "@/test/support/fake-clock";
import { createGateway } from "@/lib/server/gateway/gateway";
import { createService, type UpstreamApi } from "@/lib/server/service/service";
import * as upstream from "@/lib/server/upstream";
import type { SimulatorHandle } from "@/simulator/server";
import { FIXED_START, KEY, quietSimulator } from "@/simulator/testing";
import { Collector, DEFAULT_COLLECTOR_CONFIG } from "@/lib/server/collector/collector";
import { DAY_MS, HOUR_MS } from "@/lib/server/collector/cadence";
import "@/lib/server/collector/store";
import { Pacing } from "@/lib/server/scheduler/plan";

/*
 * The collector against the real simulator (over HTTP, world frozen at the
 * tests' fixed start) on a fake clock, on a real database: it lists first,
 * collects the newest posts first, re-collects young posts hourly and old ones
 * daily, and never spends more than its share of the hourly budget in any
 * sliding hour, alone or as two instances on one database. Run on each
 * database (collector.sqlite.test.ts, collector.postgres.test.ts).
 */
export type CollectorTarget = { kind: DatabaseKind; freshDatabase: () => Promise<string> };

type Call = { op: string; at: number; id?: number };

/** The real client, logging every upstream call with the fake clock's time. */
function loggingApi(clock: FakeClock, calls: Call[]): UpstreamApi {
  const api: UpstreamApi = upstream;
  return Object.fromEntries(
    Object.entries(api).map(([op, fn]) => [
      op,
      (...args: unknown[]) => {
        calls.push({ op, at: clock.now(), id: typeof args[0] === "number" ? args[0] : undefined });
        return (fn as (...a: unknown[]) => Promise<unknown>)(...args);
      },
    ]),
  ) as UpstreamApi;
}

/**
 * Steps the collectors until `ms` of fake time have passed, paced as the upstream scheduler paces them
 * with 20 % of the hour (whichever instance holds the scheduler's tick takes the step).
 */
async function run(clock: FakeClock, collectors: Collector[], ms: number): Promise<void> {
  const end = clock.now() + ms;
  const pace = new Pacing({ readsPerHour: 200, burst: 5 }, clock.now());
  for (let turn = 0; clock.now() < end; ) {
    let wait = pace.waitMs(clock.now());
    if (wait === 0) {
      // Each step on the next instance, as the job's tick moves between them.
      const reads = await (collectors[turn++ % collectors.length] as Collector).step();
      if (reads > 0) pace.spend(reads, clock.now());
      else wait = 60_000;
    }
    if (wait > 0) await clock.advance(Math.min(wait, end - clock.now()));
  }
}

const maxInSlidingHour = (times: number[]) => {
  const t = [...times].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; i < t.length; i++) {
    while ((t[i] as number) - (t[j] as number) >= HOUR_MS) j++;
    best = Math.max(best, i - j + 1);
  }
  return best;
};

export function describeCollectorContract(name: string, target: CollectorTarget): void {
  describe(`${name}: the engagement collector`, () => {
    let sim: SimulatorHandle;
    let published: Map<number, number>;

    beforeAll(async () => {
      sim = await quietSimulator();
      // Generous: on a busy machine a timed-out read would be retried later and reorder the rounds this test checks.
      upstream.setUpstreamConfigForTests({ baseUrl: sim.url, apiKey: KEY, timeoutMs: 30_000 });
      // What the upstream has published: post → publication time.
      published = new Map(
        sim.state.world.posts.filter((p) => (p.status === "PUBLISHED" || p.status === "PARTIALLY_PUBLISHED") && p.publishedAt !== null).map((p) => [p.id, p.publishedAt as number]),
      );
    });

    afterAll(async () => {
      upstream.setUpstreamConfigForTests(undefined);
      await closeDbForTests();
      await sim?.close();
    });

    async function setup(instances: number) {
      process.env.DATABASE_URL = await target.freshDatabase();
      resetEnvForTests();
      await closeDbForTests();
      await ensureMigrated();
      expect(dialectOf(db())).toBe(target.kind);
      const clock = new FakeClock(FIXED_START);
      const calls: Call[] = [];
      const service = createService(createGateway({ clock, limits: { readsPerMinute: 60, writesPerMinute: 30, requestsPerHour: 1000 } }), loggingApi(clock, calls));
      const handle: Kysely<Database> = db();
      const collectors = Array.from(
        { length: instances },
        (_, i) => new Collector({ service, db: handle, clock, config: { ...DEFAULT_COLLECTOR_CONFIG, hourlyBudget: 1000, budgetShare: 0.2 }, owner: `c${i}` }),
      );
      await collectors[0]?.seed();
      return { clock, calls, collectors };
    }

    it("lists first, then collects the newest posts first, young ones hourly and old ones daily, within 20 % of the hourly budget", async () => {
      const { clock, calls, collectors } = await setup(1);
      const start = clock.now();
      await run(clock, collectors, 4 * HOUR_MS);

      // Never over its share, in any sliding hour, and evenly paced (no burst eats the people's minute budget).
      expect(maxInSlidingHour(calls.map((c) => c.at))).toBeLessThanOrEqual(200);
      expect(calls.length).toBeGreaterThan(500); // and it did use its share over 4 hours
      const perMinute = maxInSlidingHour(calls.map((c) => c.at * 60)); // a minute scaled to an hour
      expect(perMinute).toBeLessThanOrEqual(10);

      // Lists before posts.
      const firstPost = calls.findIndex((c) => c.op === "getPostEngagement");
      expect(calls.slice(0, firstPost).every((c) => c.op === "listCampaigns" || c.op === "listCampaignPosts")).toBe(true);
      expect(calls.filter((c) => c.op === "listCampaignPosts").length).toBeGreaterThanOrEqual(10);

      // The first round of posts: every published post, newest publication first, before any history backfill
      // (young posts come round again meanwhile: the round takes longer than their hour).
      const engagement = calls.filter((c) => c.op === "getPostEngagement");
      const firstRound = [...new Set(engagement.map((c) => c.id as number))];
      expect(new Set(firstRound)).toEqual(new Set(published.keys()));
      const times = firstRound.map((id) => published.get(id) as number);
      expect(times).toEqual([...times].sort((a, b) => b - a));
      const lastFirst = calls.findIndex((c) => c.op === "getPostEngagement" && c.id === firstRound.at(-1));
      expect(calls.findIndex((c) => c.op === "getPostEngagementHistory")).toBeGreaterThan(lastFirst);

      // Young posts again about hourly, posts older than a week once in these 4 hours; nothing unpublished, ever.
      const young = [...published].filter(([, at]) => start - at < DAY_MS).map(([id]) => id);
      const old = [...published].filter(([, at]) => start - at > 7 * DAY_MS).map(([id]) => id);
      expect(young.length).toBeGreaterThan(0);
      expect(old.length).toBeGreaterThan(0);
      const count = (id: number) => engagement.filter((c) => c.id === id).length;
      for (const id of young) expect(count(id), `young post ${id}`).toBeGreaterThanOrEqual(2);
      for (const id of old) expect(count(id), `old post ${id}`).toBe(1);
      expect(engagement.every((c) => published.has(c.id as number))).toBe(true);

      // What it stored: per platform and TOTAL, the upstream's values.
      const someId = firstRound[0] as number;
      const stored = await db().selectFrom("metric_snapshots").selectAll().where("task_id", "=", someId).where("platform", "=", "TOTAL").where("metric_type", "=", "VIEWS").orderBy("collected_at", "desc").execute();
      const res = await fetch(`${sim.url}/api/v1/ext/posts/${someId}/`, { headers: { Authorization: `Bearer ${KEY}` } });
      const detail = (await res.json()) as { engagement: { VIEWS?: { value: number; updated_at: string } } };
      expect(stored[0]?.value).toBe(detail.engagement.VIEWS?.value);
      expect(stored[0]?.collected_at).toBe(new Date(detail.engagement.VIEWS?.updated_at as string).toISOString());
      // The backfill brought the days before the collector met the post.
      expect(stored.length).toBeGreaterThan(1);
    });

    it("two instances on one database: no post collected twice in a round, together still within the share", async () => {
      const { clock, calls, collectors } = await setup(2);
      await run(clock, collectors, 2 * HOUR_MS);
      expect(maxInSlidingHour(calls.map((c) => c.at))).toBeLessThanOrEqual(200);
      const engagement = calls.filter((c) => c.op === "getPostEngagement");
      // Within two hours only young posts are due twice; every other post was collected by exactly one instance, once.
      const byPost = new Map<number, number>();
      for (const c of engagement) byPost.set(c.id as number, (byPost.get(c.id as number) ?? 0) + 1);
      const start = clock.now() - 2 * HOUR_MS;
      for (const [id, n] of byPost) if (start - (published.get(id) ?? 0) > DAY_MS) expect(n, `post ${id}`).toBe(1);
      expect(collectors.every((c) => c.done.some((d) => d.key.startsWith("post:")))).toBe(true);
    });
  });
}

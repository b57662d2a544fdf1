import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calendarDay, shiftDay } from "@/lib/analytics/dates";
import { resetEnvForTests } from "@/lib/env";
import { Collector, DEFAULT_COLLECTOR_CONFIG } from "@/lib/server/collector/collector";
import { campaignTrendPosts, campaignTrends } from "@/lib/server/collector/read";
import { closeDbForTests, db, ensureMigrated } from "@/lib/server/db";
import { FakeClock } from "@/test/support/fake-clock";
import { createGateway } from "@/lib/server/gateway/gateway";
import { mirrorStoreAt } from "@/lib/server/mirror";
import { createService } from "@/lib/server/service/service";
import * as upstream from "@/lib/server/upstream";
import type { SimulatorHandle } from "@/simulator/server";
import { FIXED_START, KEY, quietSimulator } from "@/simulator/testing";
import { UpstreamScheduler } from "./scheduler";
import { spareForWaited } from "./spare";

/*
 * A fresh install (empty database) against the real simulator over HTTP, on
 * a fake clock and the real limits (60 reads a minute, 1,000 an hour, kept by
 * the gateway's budget): a manager opens the trend of the campaign with the
 * most posts of the last 30 days while two others open a queue and a post
 * every 10 s. The trend must be complete (every post's history and current
 * reading in) within 10 minutes, nobody refused, and the notice must say how
 * many posts and minutes are left meanwhile.
 */
let sim: SimulatorHandle;
let dir: string;

beforeAll(async () => {
  sim = await quietSimulator();
  upstream.setUpstreamConfigForTests({ baseUrl: sim.url, apiKey: KEY, timeoutMs: 30_000 });
  dir = mkdtempSync(path.join(tmpdir(), "trend-fill-"));
  process.env.DATABASE_URL = `file:${path.join(dir, "app.db")}`;
  process.env.LOG_LEVEL = "silent";
  process.env.UPSTREAM_API_KEY ??= "k";
  process.env.NEXTAUTH_SECRET ??= "test-secret-at-least-16-chars";
  resetEnvForTests();
  await closeDbForTests();
  await ensureMigrated();
}, 60_000);

afterAll(async () => {
  upstream.setUpstreamConfigForTests(undefined);
  await closeDbForTests();
  await sim?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("a trend a manager waits for", () => {
  it("is complete within 10 minutes on a fresh install while two others work, its notice counting posts and minutes down", async () => {
    const clock = new FakeClock(FIXED_START);
    const limits = { readsPerMinute: 60, writesPerMinute: 30, requestsPerHour: 1000 };
    const gw = createGateway({ clock, limits });
    const service = createService(gw, upstream, { mirror: mirrorStoreAt().store });
    const collector = new Collector({ service, db: db(), clock, config: { ...DEFAULT_COLLECTOR_CONFIG }, owner: "test" });
    const scheduler = new UpstreamScheduler({
      store: service.mirror.store,
      refresher: service.mirror.refresher,
      wants: service.mirror.scheduler,
      clock,
      campaigns: async () => (await service.campaigns({ status: ["ACTIVE", "FROZEN"] }, "background")).data.campaigns.map((c) => c.id),
      collector,
      spare: () => spareForWaited(gw.budget.snapshot(), limits),
    });

    // The campaign with the most posts published in the period, by the simulator's truth.
    const start = clock.now();
    const since = start - 30 * 86_400_000;
    const counts = new Map<number, number>();
    for (const p of sim.state.world.posts) {
      if ((p.status === "PUBLISHED" || p.status === "PARTIALLY_PUBLISHED") && p.publishedAt !== null && p.publishedAt >= since) counts.set(p.campaignId, (counts.get(p.campaignId) ?? 0) + 1);
    }
    const [campaignId] = [...counts].sort((a, b) => b[1] - a[1])[0] as [number, number];
    const others = [...new Set(sim.state.world.campaigns.filter((c) => c.status === "ACTIVE" && c.id !== campaignId).map((c) => c.id))].slice(0, 2);
    expect(others).toHaveLength(2);

    const to = calendarDay(new Date(start));
    const from = shiftDay(to, -30);
    const deps = { service, db: db(), now: () => clock.now() };
    const notices: { pending: number; minutes: number }[] = [];
    let refused = 0;
    let doneAt: number | undefined;
    for (let t = 0; t <= 10 * 60_000 && doneAt === undefined; t += 2_000) {
      if (t % 10_000 === 0) {
        // Two others at work: a queue (fresh within 15 s), then one of its posts.
        for (const id of others) {
          try {
            const q = await service.campaignPosts(id, { status: ["WAITING_APPROVAL"], limit: 20 }, "interactive", { maxAgeMs: 15_000 });
            const first = q.data.posts[0];
            if (first) await service.post(first.task_id, "interactive");
          } catch {
            refused++;
          }
        }
      }
      if (t % 30_000 === 0) {
        // The manager's page polls the trend and its per-post table.
        const trend = (await campaignTrends(deps, campaignId, from, to, "interactive")).data;
        const table = (await campaignTrendPosts(deps, campaignId, from, "interactive")).data;
        if (trend.historyPending > 0) notices.push({ pending: trend.historyPending, minutes: trend.historyMinutesLeft });
        if (trend.postsInPeriod > 0 && trend.historyPending === 0 && trend.missing.length === 0 && table.missing.length === 0) doneAt = clock.now();
      }
      await scheduler.tick();
      await clock.advance(2_000);
    }
    expect(refused).toBe(0);
    expect(doneAt, `not complete; last notice ${JSON.stringify(notices.at(-1))}`).toBeDefined();
    expect((doneAt as number) - start).toBeLessThanOrEqual(10 * 60_000);
    // The notice counted down: posts and minutes left, both shrinking.
    expect(notices.length).toBeGreaterThan(1);
    expect(notices.every((n) => n.minutes > 0)).toBe(true);
    // Once the pace shows, the estimate holds: the last notices say a minute or two, not a quarter of an hour.
    expect((notices.at(-1) as { minutes: number }).minutes).toBeLessThanOrEqual(2);
    expect((notices.at(-1) as { pending: number }).pending).toBeLessThan((notices[0] as { pending: number }).pending);
  }, 300_000);
});

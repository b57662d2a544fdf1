import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as campaignsRoute } from "@/app/api/campaigns/route";
import { admin, call, errorOf, ROLES, startHarness, type Harness } from "@/app/api/_tests/harness";
import type { AdminHealth } from "@/lib/schemas/admin-health";
import { resetRecentForTests } from "@/lib/server/gateway/recent";
import { recordSpend, spendingAs } from "@/lib/server/gateway/spend-by-kind";
import { resetHealthForTests } from "@/lib/server/route/health-check";
import { probeUpstream, resetServiceForTests } from "@/lib/server/upstream-service";
import { GET } from "./route";

/*
 * GET /api/admin/health against the real simulator and a real SQLite file:
 * only admins; the figures the screen shows; the last hour's 429s and errors
 * counted from real upstream failures; and polling it costs the upstream
 * nothing beyond the once-a-minute check.
 */
let h: Harness;

async function health(): Promise<AdminHealth> {
  const res = await call(GET, "/api/admin/health", { role: "admin" });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: AdminHealth }).data;
}

beforeAll(async () => {
  h = await startHarness();
  resetHealthForTests();
  resetRecentForTests();
});

afterAll(async () => {
  await h?.close();
});

describe("GET /api/admin/health", () => {
  it("is for admins only: 401 signed out, 403 for every other role", async () => {
    expect((await call(GET, "/api/admin/health")).status).toBe(401);
    for (const role of ROLES.filter((r) => r !== "admin")) {
      const res = await call(GET, "/api/admin/health", { role });
      expect(res.status, role).toBe(403);
      expect((await errorOf(res)).code).toBe("forbidden");
    }
  });

  it("reports upstream, budget, database and background work; embedded mode has no Redis", async () => {
    const x = await health();
    expect(x).toMatchObject({ status: "ok", mode: "embedded", redis: null, upstream: { reachable: true, ok: true }, database: { ok: true, kind: "sqlite", unrecordedDecisions: 0 } });
    expect(x.budget?.limits).toEqual({ reads: 60, writes: 30, hourly: 1000 });
    // The health probe itself was paid for: at most the limit, at least one spent.
    expect(x.budget?.hourly).toBeLessThan(1000);
    expect(x.background.collector.running).toBe(false);
    // Mirror refreshes are background work: at most 40 % of the hour, so people's pages keep the rest.
    expect(x.background.inbox).toMatchObject({ running: false, callsAllowedPerHour: 400 });
    expect(x.background.bulk).toEqual({ queued: 0, running: 0, itemsPending: 0, itemsFailedLastHour: 0, lastFinishedAt: null });
  });

  it("counts the last hour's upstream errors and the cache's answers", async () => {
    const before = (await health()).lastHour;
    // A cold read (miss) then a warm one (hit).
    await call(campaignsRoute, "/api/campaigns?status=DRAFT", { role: "admin" });
    await call(campaignsRoute, "/api/campaigns?status=DRAFT", { role: "admin" });
    // The upstream answers 500 to the next reads: each is an error of the last hour.
    await admin(h.simUrl, "faults", { error_rate: 1 });
    await call(campaignsRoute, "/api/campaigns?status=COMPLETED", { role: "admin" });
    await admin(h.simUrl, "faults", { error_rate: 0 });
    const after = (await health()).lastHour;
    expect(after.cache.miss - before.cache.miss).toBe(2);
    expect(after.cache.hit - before.cache.hit).toBeGreaterThanOrEqual(1);
    expect(after.failed - before.failed).toBeGreaterThanOrEqual(1);
    expect(after.upstreamCalls).toBeGreaterThan(before.upstreamCalls);
    expect(after.cacheHitRate).toBeGreaterThan(0);
  });

  it("says what spent the last hour by kind: a person's cold read is people's, not background work's", async () => {
    const before = (await health()).spentBy;
    await call(campaignsRoute, "/api/campaigns?status=FROZEN", { role: "manager" });
    const after = (await health()).spentBy;
    expect(after.people - before.people).toBeGreaterThanOrEqual(1);
    expect(after.decisions - before.decisions).toBe(0);
    expect(after.collector - before.collector).toBe(0);
    expect((await health()).budget?.hourState).toBe("ok");
  });

  it("the background rows' request counts are the breakdown's: one figure for one thing", async () => {
    // A collector's and a mirror's read, as the spend counter sees them (caller.ts records each token).
    spendingAs("collector", () => recordSpend("background"));
    recordSpend("background");
    const h = await health();
    expect(h.spentBy.collector).toBeGreaterThanOrEqual(1);
    expect(h.background.collector.callsLastHour).toBe(h.spentBy.collector);
    expect(h.background.inbox.callsLastHour).toBe(h.spentBy.mirror);
  });

  it("polling it costs the upstream nothing beyond the once-a-minute check", async () => {
    await health();
    await admin(h.simUrl, "stats/reset", {});
    for (let i = 0; i < 5; i++) await health();
    const stats = (await (await admin(h.simUrl, "stats")).json()) as { total: number };
    expect(stats.total).toBe(0);
  });

  it("a check the budget had no room for is 'not checked yet', not a failure", async () => {
    // A two-read minute, spent before the check asks: as a cold start's fill with people at work.
    resetServiceForTests({ gateway: { limits: { readsPerMinute: 2, writesPerMinute: 1, requestsPerHour: 1000 }, interactiveWaitMs: 0 } });
    resetHealthForTests();
    for (let i = 0; i < 2; i++) await probeUpstream().catch(() => undefined);
    try {
      const x = await health();
      expect(x.status).toBe("ok");
      expect(x.upstream).toMatchObject({ reachable: null, ok: null });
      // Nothing failed: the screen says "not checked yet", never the budget's refusal as an error.
      expect(x.upstream.error).toBeUndefined();
    } finally {
      resetServiceForTests();
      resetHealthForTests();
    }
    // The refusal is not kept for a minute: with room again, the next poll checks.
    expect((await health()).upstream).toMatchObject({ reachable: true, ok: true });
  });
});

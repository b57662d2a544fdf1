import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startSimulator, type SimulatorHandle } from "@/simulator/server";
import { FakeClock } from "@/test/support/fake-clock";
import { createGateway } from "@/lib/server/gateway/gateway";
import * as upstream from "@/lib/server/upstream";
import { countingApi, runCrowd, type CrowdResult } from "@/test/support/crowd";
import { createService } from "./service";

/**
 * 25 people polling one review queue and opening its posts for a simulated
 * hour, against the real simulator with its rate limits ON.
 *
 * The simulator counts its limits on the process's wall clock (Date.now). To
 * run an hour in seconds without cheating, only `Date` is faked (timers and
 * sockets stay real) and moved in step with the gateway's fake clock: the
 * simulator's limiter and world clock then see exactly the hour the gateway
 * sees, so "no 429" means what it would mean in production.
 */
const START = Date.parse("2026-11-20T09:00:00+03:00");
const HOUR = 3_600_000;

type Run = CrowdResult & { simTotal: number; simStatuses: Record<string, number> };

async function stats(sim: SimulatorHandle): Promise<{ total: number; by_status: Record<string, number> }> {
  const res = await fetch(`${sim.url}/__admin/stats`);
  return (await res.json()) as { total: number; by_status: Record<string, number> };
}

async function crowdHour(people: number): Promise<Run> {
  vi.setSystemTime(START);
  const sim = await startSimulator({ port: 0, limits: true, timeScale: 1, admin: true, startTime: START, tickMs: 3_600_000, seed: 42 });
  try {
    upstream.setUpstreamConfigForTests({ baseUrl: sim.url, apiKey: "demo-key", timeoutMs: 10_000 });
    const campaign = sim.state.world.campaigns.find(
      (c) => c.status === "ACTIVE" && sim.state.world.campaignPosts(c.id).filter((p) => p.status === "WAITING_APPROVAL").length >= 3,
    );
    if (!campaign) throw new Error("the seeded world has no campaign with a queue");
    const clock = new FakeClock(START, (t) => vi.setSystemTime(t));
    const wire = countingApi(upstream);
    const service = createService(createGateway({ clock }), wire.api);
    const result = await runCrowd(service, clock, wire, { people, durationMs: HOUR, campaignId: campaign.id });
    const s = await stats(sim);
    return { ...result, simTotal: s.total, simStatuses: s.by_status };
  } finally {
    upstream.setUpstreamConfigForTests(undefined);
    await sim.close();
  }
}

describe("budget against the simulator, limits on", () => {
  let one: Run;
  let crowd: Run;

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    one = await crowdHour(1);
    crowd = await crowdHour(25);
  }, 120_000);

  afterAll(() => {
    vi.useRealTimers();
  });

  it("answers every request of 25 people for an hour, with no 429 ever reaching anyone", () => {
    expect(crowd.requests).toBeGreaterThan(25 * 240);
    expect(crowd.failures).toEqual([]);
    expect(one.failures).toEqual([]);
    // The limiter never had to say no: the gateway kept under every limit on its own.
    expect(crowd.simStatuses["429"]).toBeUndefined();
    expect(one.simStatuses["429"]).toBeUndefined();
    expect(crowd.stale).toBe(0);
  });

  it("costs the upstream about what one person costs", () => {
    console.info(
      `upstream calls in a simulated hour: 1 person ${one.upstreamTotal} ${JSON.stringify(one.upstream)}, ` +
        `25 people ${crowd.upstreamTotal} ${JSON.stringify(crowd.upstream)}, requests ${one.requests} vs ${crowd.requests}`,
    );
    // Every call the gateway made reached the simulator, and nothing else did.
    expect(crowd.simTotal).toBe(crowd.upstreamTotal);
    // The queue is cut from the campaign's mirror: one fill, then the scheduler's `since` read of a
    // campaign nobody has open (every 120 s at this size) and a few it is asked for, however many poll it.
    expect(Math.abs((crowd.upstream.listCampaignPosts ?? 0) - (one.upstream.listCampaignPosts ?? 0))).toBeLessThanOrEqual(1);
    expect(crowd.upstream.listCampaignPosts ?? 0).toBeLessThanOrEqual(HOUR / 120_000 + 5);
    // The rest is opening posts (25 people open more distinct posts than one) and the approvals.
    expect(crowd.upstreamTotal).toBeLessThanOrEqual(one.upstreamTotal + 30);
    expect(crowd.requests / crowd.upstreamTotal).toBeGreaterThan(100);
  });
});

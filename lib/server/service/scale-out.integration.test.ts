import { once } from "node:events";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startSimulator, type SimulatorHandle } from "@/simulator/server";
import { FakeClock } from "@/test/support/fake-clock";
import { redisOptions } from "@/lib/server/redis";
import * as upstream from "@/lib/server/upstream";
import { startRedis, type RedisServer } from "@/test/servers/redis";
import { countingApi, embeddedInstance, productionInstances, runCrowd, type CrowdResult, type Instances } from "@/test/support/crowd";

/**
 * Production mode under the crowd of simulator.integration.test.ts: 25 people
 * polling one review queue and opening its posts for a simulated hour, spread
 * round-robin over THREE instances (each its own Gateway, memory and
 * RedisBudget, as three processes would have) on one real Redis and one
 * database (what one instance read reaches the others there), against the
 * real simulator with its rate limits ON; compared with ONE embedded instance
 * serving the same people for the same hour.
 *
 * As there, only `Date` is faked (sockets and timers stay real) and moved with
 * the gateways' fake clock, so the simulator's limiter sees the simulated hour.
 * Time does not move while an upstream request or a Redis command is on the
 * wire, nor before notes between instances have arrived (a PING on each
 * subscriber connection comes back after them).
 */
const START = Date.parse("2026-11-20T09:00:00+03:00");
const HOUR = 3_600_000;
const PEOPLE = 25;
/** Not a multiple of the queue's 15 s freshness slots: a decision lands while other instances hold a fresh queue. */
const APPROVE_EVERY_MS = 293_000;

type Run = CrowdResult & { simTotal: number; simStatuses: Record<string, number> };

let redisServer: RedisServer;
const clients: Redis[] = [];
let prefixes = 0;

async function connect(name: string): Promise<Redis> {
  // The product's options, but 30 s per command instead of 2 s: that timeout says "Redis is down"
  // (redis-budget.test.ts checks it); here, with Redis up, a busy machine's late turn of this
  // process's event loop could pass it and count a slow answer as a failure of the shared budget.
  const client = new Redis(redisServer.url, { ...redisOptions(), commandTimeout: 30_000, connectionName: name });
  clients.push(client);
  if (client.status !== "ready") await once(client, "ready");
  return client;
}

async function stats(sim: SimulatorHandle): Promise<{ total: number; by_status: Record<string, number> }> {
  const res = await fetch(`${sim.url}/__admin/stats`);
  return (await res.json()) as { total: number; by_status: Record<string, number> };
}

async function crowdHour(mode: "embedded" | "production"): Promise<Run> {
  vi.setSystemTime(START);
  const sim = await startSimulator({ port: 0, limits: true, timeScale: 1, admin: true, startTime: START, tickMs: 3_600_000, seed: 42 });
  let instances: Instances | undefined;
  try {
    // Generous for the same reason: a read timed out by a late turn of the event loop would count as a failure.
    upstream.setUpstreamConfigForTests({ baseUrl: sim.url, apiKey: "demo-key", timeoutMs: 30_000 });
    const campaign = sim.state.world.campaigns.find(
      (c) => c.status === "ACTIVE" && sim.state.world.campaignPosts(c.id).filter((p) => p.status === "WAITING_APPROVAL").length >= 3,
    );
    if (!campaign) throw new Error("the seeded world has no campaign with a queue");
    const clock = new FakeClock(START, (t) => vi.setSystemTime(t));
    const wire = countingApi(upstream);
    instances =
      mode === "embedded"
        ? embeddedInstance(clock, wire.api)
        : await productionInstances(3, { clock, api: wire.api, prefix: `test:scale:${process.pid}:${++prefixes}`, connect });
    const result = await runCrowd(instances.services, clock, instances.wire(wire), {
      people: PEOPLE,
      durationMs: HOUR,
      campaignId: campaign.id,
      approveEveryMs: APPROVE_EVERY_MS,
    });
    const s = await stats(sim);
    return { ...result, simTotal: s.total, simStatuses: s.by_status };
  } finally {
    instances?.close();
    upstream.setUpstreamConfigForTests(undefined);
    await sim.close();
  }
}

describe("three instances on one Redis against the simulator, limits on", () => {
  let one: Run;
  let three: Run;

  beforeAll(async () => {
    // Before Date is faked: the server's start-up waits on the real clock.
    redisServer = await startRedis();
    vi.useFakeTimers({ toFake: ["Date"] });
    one = await crowdHour("embedded");
    three = await crowdHour("production");
  }, 240_000);

  afterAll(async () => {
    vi.useRealTimers();
    for (const c of clients.splice(0)) c.disconnect();
    await redisServer?.stop();
  });

  it("answers every request of 25 people spread over three instances, with no 429 at the upstream", () => {
    expect(three.requests).toBeGreaterThan(PEOPLE * 240);
    expect(three.failures).toEqual([]);
    expect(one.failures).toEqual([]);
    expect(three.simStatuses["429"]).toBeUndefined();
    expect(one.simStatuses["429"]).toBeUndefined();
  });

  it("shows nobody, on any instance, a post as waiting after its approval was answered", () => {
    expect(three.upstream.approvePost ?? 0).toBeGreaterThanOrEqual(10);
    // Person 0 decides on instance 0; people on instances 1 and 2 poll the same queue.
    expect(three.ghosts).toEqual([]);
    expect(one.ghosts).toEqual([]);
  });

  it("costs the upstream what one instance costs (within 5 %)", () => {
    console.info(
      `upstream calls in a simulated hour of ${PEOPLE} people: 1 embedded instance ${one.upstreamTotal} ${JSON.stringify(one.upstream)}, ` +
        `3 instances on Redis ${three.upstreamTotal} ${JSON.stringify(three.upstream)}; stale answers ${one.stale} vs ${three.stale}`,
    );
    // Every call the instances made reached the simulator, and nothing else did.
    expect(three.simTotal).toBe(three.upstreamTotal);
    expect(three.upstreamTotal).toBeLessThanOrEqual(one.upstreamTotal * 1.05);
    // The queue is refreshed once per 15 s slot (and after each decision) for everyone, not once per instance.
    expect(three.upstream.listCampaignPosts ?? 0).toBeLessThanOrEqual(Math.ceil((one.upstream.listCampaignPosts ?? 0) * 1.05));
  });
});

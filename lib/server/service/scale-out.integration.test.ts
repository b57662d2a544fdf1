import { once } from "node:events";
import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startSimulator, type SimulatorHandle } from "@/simulator/server";
import { defaultLimits } from "@/lib/server/gateway/budget";
import { FakeClock } from "@/lib/server/gateway/clock";
import { createGateway, type Gateway } from "@/lib/server/gateway/gateway";
import { RedisBudget } from "@/lib/server/gateway/redis-budget";
import { SharedCache } from "@/lib/server/gateway/shared-cache";
import { connectRedis } from "@/lib/server/redis";
import * as upstream from "@/lib/upstream";
import { startRedis, type RedisServer } from "@/test/servers/redis";
import { countingApi, runCrowd, type CrowdResult, type Wire } from "./crowd";
import { createService, type Service } from "./service";

/**
 * Production mode under the crowd of simulator.integration.test.ts: 25 people
 * polling one review queue and opening its posts for a simulated hour, spread
 * round-robin over THREE instances (each its own Gateway, RedisBudget and
 * SharedCache, as three processes would have) on one real Redis, against the
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

type Run = CrowdResult & { simTotal: number; simStatuses: Record<string, number> };

let redisServer: RedisServer;
const clients: Redis[] = [];
let prefixes = 0;

async function connect(name: string): Promise<Redis> {
  const client = connectRedis(redisServer.url, name);
  clients.push(client);
  if (client.status !== "ready") await once(client, "ready");
  return client;
}

async function stats(sim: SimulatorHandle): Promise<{ total: number; by_status: Record<string, number> }> {
  const res = await fetch(`${sim.url}/__admin/stats`);
  return (await res.json()) as { total: number; by_status: Record<string, number> };
}

type Instances = { services: Service[]; wire: (base: ReturnType<typeof countingApi>) => Wire; close: () => void };

/** One embedded instance: memory only, as the demo runs. */
function embedded(clock: FakeClock, api: ReturnType<typeof countingApi>): Instances {
  const gateway = createGateway({ clock });
  return { services: [createService(gateway, api.api)], wire: (base) => base, close: () => gateway.close() };
}

/** `n` production instances sharing budget and cache through one Redis. */
async function production(n: number, clock: FakeClock, api: ReturnType<typeof countingApi>): Promise<Instances> {
  const prefix = `test:scale:${process.pid}:${++prefixes}`;
  const limits = defaultLimits(60, 30, 1000);
  const nodes = await Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const [command, subscriber] = await Promise.all([connect(`app${i}`), connect(`app${i}-sub`)]);
      const budget = new RedisBudget(command, `${prefix}:budget`, limits, clock);
      const shared = new SharedCache({ redis: command, subscriber, prefix: `${prefix}:cache` });
      const gateway: Gateway = createGateway({ clock, limits, budget, shared });
      await shared.ready();
      return { command, subscriber, budget, gateway, service: createService(gateway, api.api) };
    }),
  );
  return {
    services: nodes.map((x) => x.service),
    wire: (base) => ({
      counts: base.counts,
      inflight: () => base.inflight() + nodes.reduce((k, x) => k + x.command.commandQueue.length + x.subscriber.commandQueue.length, 0),
      settle: async () => {
        await Promise.all(nodes.map((x) => x.budget.idle()));
        await Promise.all(nodes.map((x) => x.subscriber.ping()));
      },
    }),
    close: () => nodes.forEach((x) => x.gateway.close()),
  };
}

async function crowdHour(mode: "embedded" | "production"): Promise<Run> {
  vi.setSystemTime(START);
  const sim = await startSimulator({ port: 0, limits: true, timeScale: 1, admin: true, startTime: START, tickMs: 3_600_000, seed: 42 });
  let instances: Instances | undefined;
  try {
    upstream.setUpstreamConfigForTests({ baseUrl: sim.url, apiKey: "demo-key", timeoutMs: 10_000 });
    const campaign = sim.state.world.campaigns.find(
      (c) => c.status === "ACTIVE" && sim.state.world.campaignPosts(c.id).filter((p) => p.status === "WAITING_APPROVAL").length >= 3,
    );
    if (!campaign) throw new Error("the seeded world has no campaign with a queue");
    const clock = new FakeClock(START, (t) => vi.setSystemTime(t));
    const api = countingApi(upstream);
    instances = mode === "embedded" ? embedded(clock, api) : await production(3, clock, api);
    const result = await runCrowd(instances.services, clock, instances.wire(api), { people: PEOPLE, durationMs: HOUR, campaignId: campaign.id });
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

  it("costs the upstream what one instance costs (within 5 %)", () => {
    console.info(
      `upstream calls in a simulated hour of ${PEOPLE} people: 1 embedded instance ${one.upstreamTotal} ${JSON.stringify(one.upstream)}, ` +
        `3 instances on Redis ${three.upstreamTotal} ${JSON.stringify(three.upstream)}; stale answers ${one.stale} vs ${three.stale}`,
    );
    // Every call the instances made reached the simulator, and nothing else did.
    expect(three.simTotal).toBe(three.upstreamTotal);
    expect(three.upstreamTotal).toBeLessThanOrEqual(one.upstreamTotal * 1.05);
    // The queue is refreshed once per 15 s slot for everyone, not once per instance.
    expect(three.upstream.listCampaignPosts ?? 0).toBeLessThanOrEqual(HOUR / 15_000 + 10);
  });
});

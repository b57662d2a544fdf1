import { once } from "node:events";
import type { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { UpstreamContractError } from "@/lib/server/upstream/errors";
import { resetMetricsForTests } from "@/lib/server/metrics";
import { resetEnvForTests } from "@/lib/env";
import { StoreUnavailableError, closeRedisForTests, connectRedis } from "@/lib/server/redis";
import { budgetSnapshot, budgetSnapshotNow, productionMode, resetServiceForTests } from "@/lib/server/upstream-service";
import { startRedis, type RedisServer } from "@/test/servers/redis";
import { FakeClock } from "./clock";
import { createGateway, type Gateway, type GatewayOptions } from "./gateway";
import { SharedCache } from "./shared-cache";

/**
 * Several gateways (instances) on one real Redis, one fake clock. The upstream
 * is a counter the test can hold (a "gate") so that a load is in flight for as
 * long as a test needs, without moving the clock.
 */
let server: RedisServer;
const clients: Redis[] = [];
const gateways: Gateway[] = [];
let prefixes = 0;

beforeAll(async () => {
  server = await startRedis();
});

afterAll(async () => {
  for (const g of gateways.splice(0)) g.close();
  for (const c of clients.splice(0)) c.disconnect();
  await server?.stop();
});

async function connect(url: string, name: string): Promise<Redis> {
  const client = connectRedis(url, name);
  clients.push(client);
  if (client.status !== "ready") await once(client, "ready");
  return client;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits (real time) for something another connection will make true. */
async function until(what: string, cond: () => boolean, ms = 2000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(2);
  }
}

type Value = { id: number; n: number; status: string };

function world(options: GatewayOptions & { url?: string } = {}) {
  const prefix = `test:cache:${process.pid}:${++prefixes}`;
  const clock = new FakeClock();
  let calls = 0;
  let status = "WAITING_APPROVAL";
  let gate: Promise<void> | undefined;
  let open = () => {};
  let failNext: (() => unknown) | undefined;

  async function instance(name: string) {
    const url = options.url ?? server.url;
    const [redis, subscriber] = await Promise.all([connect(url, `${name}-cmd`), connect(url, `${name}-sub`)]);
    const shared = new SharedCache({ redis, subscriber, prefix });
    const gw = createGateway({ clock, random: () => 0.5, retry: { maxRetries: 0 }, ...options, shared });
    gateways.push(gw);
    await shared.ready();
    const read = (id = 1) =>
      gw.read<Value>({
        op: "post",
        key: `post:${id}`,
        ttlMs: 20_000,
        tags: [`post:${id}`],
        priority: "interactive",
        load: (ctx) =>
          ctx.call("post", async () => {
            const n = ++calls;
            // The upstream's state when it answered; the answer may then take a while to arrive.
            const seen = status;
            if (gate) await gate;
            const f = failNext;
            failNext = undefined;
            if (f) throw f();
            return { id, n, status: seen };
          }),
      });
    return { gw, shared, redis, subscriber, read };
  }

  return {
    clock,
    instance,
    calls: () => calls,
    decide: (s: string) => (status = s),
    hold: () => (gate = new Promise<void>((r) => (open = r))),
    release: () => {
      gate = undefined;
      open();
    },
    fail: (f: () => unknown) => (failNext = f),
  };
}

describe("shared cache across instances", () => {
  beforeEach(() => resetMetricsForTests());

  it("answers a read on B from what A loaded, without a second upstream call", async () => {
    const w = world();
    const [a, b] = [await w.instance("a"), await w.instance("b")];
    const first = await a.read();
    const second = await b.read();
    expect(w.calls()).toBe(1);
    expect(second).toEqual(first);
    expect(second.meta.stale).toBe(false);
  });

  it("makes concurrent identical reads on A and B cost one upstream call", async () => {
    const w = world();
    const [a, b] = [await w.instance("a"), await w.instance("b")];
    w.hold();
    const reads = [a.read(), b.read(), a.read(), b.read(), b.read()];
    await until("the first load to reach the upstream", () => w.calls() === 1);
    await sleep(50); // every reader has claimed by now and waits for the holder
    w.release();
    const answers = await Promise.all(reads);
    expect(w.calls()).toBe(1);
    expect(new Set(answers.map((r) => r.data.n))).toEqual(new Set([1]));
    expect(answers.every((r) => !r.meta.stale)).toBe(true);
  });

  it("shows B the decision A invalidated: no decided post from any cache", async () => {
    const w = world();
    const [a, b] = [await w.instance("a"), await w.instance("b")];
    await a.read();
    await b.read();
    expect(b.gw.cache.has("post:1")).toBe(true);
    w.decide("APPROVED");
    a.gw.invalidate("post:1");
    // B's subscriber drops it from B's own memory at once (no TTL, no poll)…
    await until("B to hear the invalidation", () => !b.gw.cache.has("post:1"), 1000);
    // …and Redis no longer has it either: a third instance with an empty memory loads it anew.
    const c = await w.instance("c");
    expect((await c.read()).data.status).toBe("APPROVED");
    expect(w.calls()).toBe(2);
    // B reads the new state, which C shared.
    await until("B to mirror C's load", () => b.gw.cache.has("post:1"), 1000);
    expect((await b.read()).data).toMatchObject({ status: "APPROVED", n: 2 });
    expect(w.calls()).toBe(2);
  });

  it("shows B and a new instance the change A amended into its answers, at no upstream cost", async () => {
    const w = world();
    const [a, b] = [await w.instance("a"), await w.instance("b")];
    await a.read();
    await b.read();
    w.decide("APPROVED");
    expect(a.gw.amend<Value>("post:1", (v) => ({ ...v, status: "APPROVED" }))).toBe(1);
    await a.gw.flush();
    await until("B to hear the amended answer", () => b.gw.peek<Value>("post:1")?.value.status === "APPROVED", 1000);
    expect((await b.read()).data).toMatchObject({ status: "APPROVED", n: 1 });
    expect((await a.read()).data).toMatchObject({ status: "APPROVED", n: 1 });
    const c = await w.instance("c");
    expect((await c.read()).data).toMatchObject({ status: "APPROVED", n: 1 });
    expect(w.calls()).toBe(1);
  });

  it("never keeps an answer loaded on A while B invalidated its tag", async () => {
    const w = world();
    const [a, b] = [await w.instance("a"), await w.instance("b")];
    w.hold();
    const loading = a.read();
    await until("A's load to be on the wire", () => w.calls() === 1);
    w.decide("APPROVED");
    b.gw.invalidate("post:1");
    await b.gw.flush();
    w.release();
    expect((await loading).data.status).toBe("WAITING_APPROVAL"); // the reader who asked before the decision
    await sleep(20);
    expect(a.gw.cache.has("post:1")).toBe(false);
    // Nobody finds the pre-decision answer: the next read anywhere loads again.
    expect((await b.read()).data.status).toBe("APPROVED");
    expect(w.calls()).toBe(2);
  });

  it("refuses, in Redis, the store of a load that began before an invalidation heard nowhere yet", async () => {
    const w = world();
    const [a, b] = [await w.instance("a"), await w.instance("b")];
    const claim = await a.shared.claim("post:9", w.clock.now());
    expect(claim.kind).toBe("claimed");
    if (claim.kind !== "claimed") return;
    await b.gw.flush();
    b.shared.invalidate("post:9", "drop");
    await b.gw.flush();
    const entry = { value: { n: 1 }, fetchedAt: w.clock.now(), freshUntil: w.clock.now() + 20_000, tags: ["post:9"] };
    expect(await a.shared.complete("post:9", claim, entry, ["post:9"])).toBe(false);
    expect((await b.shared.lookup("post:9")).entry).toBeUndefined();
    // A claim taken after the invalidation stores normally.
    const next = await a.shared.claim("post:9", w.clock.now());
    if (next.kind !== "claimed") throw new Error(`expected a claim, got ${next.kind}`);
    expect(await a.shared.complete("post:9", next, entry, ["post:9"])).toBe(true);
  });

  it("serves the last good answer, stale, when the upstream fails, and shares the cooldown", async () => {
    const w = world({ failureCooldownMs: 15_000 });
    const [a, b] = [await w.instance("a"), await w.instance("b")];
    await a.read();
    await w.clock.advance(21_000);
    w.fail(() => new UpstreamContractError("posts/1/", "status", "bad"));
    const onB = await b.read();
    expect(onB.meta).toMatchObject({ stale: true });
    expect(onB.data.n).toBe(1);
    expect(Date.parse(onB.meta.retryAt ?? "")).toBe(w.clock.now() + 15_000);
    // A, whose own memory has never seen the failure, does not ask the upstream again within the cooldown.
    const onA = await a.read();
    expect(onA.meta).toMatchObject({ stale: true });
    expect(w.calls()).toBe(2);
    await w.clock.advance(15_000);
    expect((await a.read()).meta.stale).toBe(false);
    expect(w.calls()).toBe(3);
  });

  it("takes over the load of an instance that died holding the key's lock", async () => {
    const w = world();
    const [a, b] = [await w.instance("a"), await w.instance("b")];
    const dead = await a.shared.claim("post:1", w.clock.now()); // never completed
    expect(dead.kind).toBe("claimed");
    let done = false;
    const reading = b.read().then((r) => ((done = true), r));
    await sleep(30);
    expect(done).toBe(false);
    for (let i = 0; i < 60 && !done; i++) {
      await w.clock.advance(250);
      await sleep(5);
    }
    expect((await reading).meta.stale).toBe(false);
    expect(w.calls()).toBe(1);
  });

  it("fails reads with StoreUnavailableError when Redis is gone, never a per-process answer", async () => {
    const own = await startRedis();
    try {
      const w = world({ url: own.url });
      const a = await w.instance("a");
      await a.read(); // cached in A's memory too
      const down = own.stop();
      await down;
      await until("A to notice", () => a.subscriber.status !== "ready" && a.redis.status !== "ready", 5000);
      await expect(a.read()).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(a.read(2)).rejects.toBeInstanceOf(StoreUnavailableError);
      // An invalidation Redis could not take is not forgotten: reads keep failing until it is delivered.
      a.gw.invalidate("post:1");
      await expect(a.gw.flush()).rejects.toBeInstanceOf(StoreUnavailableError);
      expect(w.calls()).toBe(1);
    } finally {
      await own.stop();
    }
  });
});

describe("upstream-service", () => {
  it("runs on Redis (shared budget and cache) when REDIS_URL is set, and in memory otherwise", async () => {
    vi.stubEnv("UPSTREAM_API_KEY", process.env.UPSTREAM_API_KEY || "test-key");
    vi.stubEnv("NEXTAUTH_SECRET", process.env.NEXTAUTH_SECRET || "test-secret-0123456789");
    vi.stubEnv("REDIS_URL", undefined);
    resetEnvForTests();
    try {
      resetServiceForTests({ fromEnv: true });
      expect(productionMode()).toEqual({ redis: false });
      vi.stubEnv("REDIS_URL", server.url);
      vi.stubEnv("REDIS_PREFIX", `test:svc:${process.pid}:`);
      resetEnvForTests();
      resetServiceForTests({ fromEnv: true });
      expect(productionMode().redis).toBe(true);
      await until("the cache to subscribe", () => productionMode().cacheSubscribed === true);
      expect(await budgetSnapshotNow()).toEqual({ reads: 60, writes: 30, hourly: 1000 });
      expect(budgetSnapshot()).toEqual({ reads: 60, writes: 30, hourly: 1000 });
    } finally {
      vi.unstubAllEnvs();
      resetEnvForTests();
      resetServiceForTests();
      await closeRedisForTests();
    }
  });
});

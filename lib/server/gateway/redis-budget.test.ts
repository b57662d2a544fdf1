import { once } from "node:events";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { StoreUnavailableError, redisOptions } from "@/lib/server/redis";
import { startRedis, type RedisServer } from "@/test/servers/redis";
import { defaultLimits, type BudgetLimits, type Lane, type Lease } from "./budget";
import { advance, budgetContract, refused } from "@/test/contracts/budget";
import { FakeClock } from "@/test/support/fake-clock";
import { BudgetRefusal } from "./errors";
import { RedisBudget, type RedisBudgetOptions } from "./redis-budget";

let server: RedisServer;
const clients: Redis[] = [];
let prefixes = 0;

beforeAll(async () => {
  server = await startRedis();
});

afterAll(async () => {
  for (const c of clients.splice(0)) c.disconnect();
  await server?.stop();
});

/**
 * A ready connection (commands fail at once while one is not: no offline queue). The product's
 * options but 30 s per command, not 2 s: on a busy machine a late turn of this process's event loop
 * could pass the 2 s with Redis up (a settle then counts as lost, and the simulated hour diverges).
 * Redis down is still told at once: a closed connection fails its commands without waiting.
 */
async function connect(url = server.url): Promise<Redis> {
  const client = new Redis(url, { ...redisOptions(), commandTimeout: 30_000, connectionName: "budget-test" });
  clients.push(client);
  if (client.status !== "ready") await once(client, "ready");
  return client;
}

const uniquePrefix = () => `test:budget:${process.pid}:${++prefixes}`;

budgetContract("RedisBudget", async (limits, clock) => {
  const client = await connect();
  const budget = new RedisBudget(client, uniquePrefix(), limits, clock);
  return {
    budget,
    settled: () => budget.idle(),
    close: async () => {
      await budget.idle();
      client.disconnect();
    },
  };
});

describe("RedisBudget across instances", () => {
  const made: RedisBudget[] = [];
  afterEach(() => {
    made.length = 0;
  });

  /** `count` instances on one prefix, each with its own connection, as separate processes would be. */
  async function instances(count: number, limits: BudgetLimits, options?: RedisBudgetOptions) {
    const clock = new FakeClock();
    const prefix = uniquePrefix();
    const list = await Promise.all(Array.from({ length: count }, async () => new RedisBudget(await connect(), prefix, limits, clock, options)));
    made.push(...list);
    const step = (ms: number) => advance(clock, ms, list.map((b) => () => b.idle()));
    return { clock, list, step };
  }

  async function attempts(budget: RedisBudget, lane: Lane, n: number): Promise<Lease[]> {
    const results = await Promise.allSettled(Array.from({ length: n }, () => budget.acquire(lane, 0)));
    for (const r of results) if (r.status === "rejected" && !(r.reason instanceof BudgetRefusal)) throw r.reason;
    return results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
  }

  it("never grants more than the limits together: 2 instances × 100 reads and × 50 writes within a minute", async () => {
    const { list, step } = await instances(2, defaultLimits(60, 30, 1000));
    const granted = new Map<RedisBudget, number>(list.map((b) => [b, 0]));
    // Ten rounds across 59 s; in each, both instances ask concurrently, 10 reads each.
    for (let round = 0; round < 10; round++) {
      const leases = await Promise.all(list.map((b) => attempts(b, "interactive", 10)));
      leases.forEach((ls, i) => granted.set(list[i] as RedisBudget, (granted.get(list[i] as RedisBudget) ?? 0) + ls.length));
      for (const l of leases.flat()) l.settle();
      await step(5_900);
    }
    const reads = [...granted.values()].reduce((a, b) => a + b, 0);
    expect(reads).toBe(57); // the minute's last 3 are kept for decisions' confirming reads…
    const confirming = (await Promise.all(list.map((b) => attempts(b, "confirm", 5)))).flat();
    expect(confirming.length).toBe(3); // …which either instance may take
    for (const l of confirming) l.settle();
    const writes = (await Promise.all(list.map((b) => attempts(b, "write", 50)))).flat();
    expect(writes.length).toBe(30);
    for (const b of list) expect((await b.refresh()).reads).toBe(0);
  });

  it("makes a pause set by one instance hold for the other", async () => {
    const { clock, list, step } = await instances(2, defaultLimits(60, 30, 1000));
    const [a, b] = list as [RedisBudget, RedisBudget];
    (await b.acquire("write", 0)).settle();
    const until = clock.now() + 10_000;
    await a.pause(until);
    const r = await refused(b.acquire("write", 3000));
    expect(r.paused).toBe(true);
    expect(r.retryAt).toBe(until);
    expect(b.pausedUntilMs).toBe(until);
    await step(10_000);
    (await b.acquire("write", 0)).settle();
  });

  it("gets back the tokens of an instance that died holding them, leaseMs + one window after they were taken", async () => {
    const limits = defaultLimits(5, 30, 1000);
    const leaseMs = 30_000;
    const { clock, list, step } = await instances(2, limits, { leaseMs });
    const [dying, survivor] = list as [RedisBudget, RedisBudget];
    const t0 = clock.now();
    expect((await attempts(dying, "interactive", 5)).length).toBe(5); // never settled
    await refused(survivor.acquire("interactive", 0));
    // Once the lease lapses, the survivor knows when they come back…
    await step(leaseMs);
    const r = await refused(survivor.acquire("interactive", 0));
    expect(r.retryAt).toBe(t0 + leaseMs + 60_000 + limits.marginMs);
    await step(r.retryAt - clock.now() - 1);
    await refused(survivor.acquire("interactive", 0));
    // …and gets all of them at that moment, no later.
    await step(1);
    expect((await attempts(survivor, "interactive", 6)).length).toBe(5);
  });

  it("rejects with StoreUnavailableError when Redis is down, waiters included", async () => {
    const own = await startRedis();
    try {
      const clock = new FakeClock();
      const budget = new RedisBudget(await connect(own.url), uniquePrefix(), defaultLimits(1, 30, 1000), clock);
      const step = (ms: number) => advance(clock, ms, [() => budget.idle()]);
      (await budget.acquire("interactive", 0)).settle();
      await step(59_000);
      // The token is back at 60.25 s: within this request's wait, so it queues…
      const waiting = budget.acquire("interactive", 2_500);
      const outcome = waiting.then(
        () => "granted",
        (e: unknown) => e,
      );
      await own.stop();
      await step(2_000);
      // …and fails when it comes to ask Redis, as does a new request.
      expect(await outcome).toBeInstanceOf(StoreUnavailableError);
      await expect(budget.acquire("interactive", 0)).rejects.toBeInstanceOf(StoreUnavailableError);
    } finally {
      await own.stop();
    }
  });
});

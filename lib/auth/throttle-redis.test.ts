import { randomUUID } from "node:crypto";
import { once } from "node:events";
import type Redis from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectRedis, StoreUnavailableError } from "@/lib/server/redis";
import { startRedis, type RedisServer } from "@/test/servers/redis";
import { freePort } from "@/test/servers/free-port";
import { DEFAULT_THROTTLE, SignInThrottle } from "./throttle";
import { ADMIN, allowed, at, ATTACKER, clock, OFFICE, throttleContract } from "@/test/contracts/sign-in-throttle";
import { RedisThrottleStore } from "./throttle-redis";

let server: RedisServer;
/** Two connections: two instances of the dashboard. */
let instanceA: Redis;
let instanceB: Redis;

beforeAll(async () => {
  process.env.LOG_LEVEL = "silent";
  server = await startRedis();
  instanceA = connectRedis(server.url, "instance-a");
  instanceB = connectRedis(server.url, "instance-b");
  await Promise.all([once(instanceA, "ready"), once(instanceB, "ready")]);
});
afterAll(async () => {
  instanceA?.disconnect();
  instanceB?.disconnect();
  await server?.stop();
});

/** Each throttle gets a key prefix of its own: tables start empty. */
const prefix = () => `test:${randomUUID()}:throttle:`;

throttleContract("redis", (config, now) => new SignInThrottle(config, now, new RedisThrottleStore(() => instanceA, prefix())));

describe("SignInThrottle (redis only)", () => {
  it("shares the limits between instances: five failures split over two lock the pair on both", async () => {
    const c = clock();
    const shared = prefix();
    const a = new SignInThrottle(DEFAULT_THROTTLE, c.now, new RedisThrottleStore(() => instanceA, shared));
    const b = new SignInThrottle(DEFAULT_THROTTLE, c.now, new RedisThrottleStore(() => instanceB, shared));
    const waits: number[] = [];
    for (let i = 0; i < DEFAULT_THROTTLE.pair.maxFailures; i++) {
      const instance = i % 2 === 0 ? a : b;
      await allowed(await instance.begin(at(ATTACKER))).fail();
      const refused = await (i % 2 === 0 ? b : a).begin(at(ATTACKER));
      if (refused.allowed) throw new Error(`failure ${i + 1} on one instance was not seen by the other`);
      waits.push(refused.retryAfterMs);
      if (i < DEFAULT_THROTTLE.pair.maxFailures - 1) c.advance(refused.retryAfterMs);
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, DEFAULT_THROTTLE.pair.lockMs]);
    expect(await a.begin(at(ATTACKER))).toEqual({ allowed: false, retryAfterMs: DEFAULT_THROTTLE.pair.lockMs });
    // An attempt in flight on one instance holds the pair on the other too.
    const pending = allowed(await a.begin(at(OFFICE)));
    expect((await b.begin(at(OFFICE))).allowed).toBe(false);
    await pending.succeed();
    expect((await b.begin(at(OFFICE))).allowed).toBe(true);
  });

  it("lets parallel guesses through two instances no further than through one", async () => {
    const shared = prefix();
    const now = clock().now;
    const [a, b] = [instanceA, instanceB].map((r) => new SignInThrottle(DEFAULT_THROTTLE, now, new RedisThrottleStore(() => r, shared)));
    const started = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? a! : b!).begin(at(ATTACKER, `user${i}@example.com`))));
    expect(started.filter((x) => x.allowed)).toHaveLength(DEFAULT_THROTTLE.ip.maxFailures);
  });

  it("gives every key an expiry, so Redis forgets what no longer matters", async () => {
    const p = prefix();
    const t = new SignInThrottle(DEFAULT_THROTTLE, Date.now, new RedisThrottleStore(() => instanceA, p));
    await allowed(await t.begin(at(ATTACKER))).fail();
    await allowed(await t.begin(at(OFFICE))).succeed();
    const keys = await instanceA.keys(`${p}*`);
    expect(keys).toHaveLength(5); // two pairs, two addresses, one account
    for (const key of keys) expect(await instanceA.pttl(key)).toBeGreaterThan(0);
    // A failure is kept as long as it counts; a trusted address as long as it is trusted.
    expect(await instanceA.pttl(`${p}p:${ATTACKER}|${ADMIN}`)).toBeLessThanOrEqual(DEFAULT_THROTTLE.forgetAfterMs + 1_000);
    expect(await instanceA.pttl(`${p}p:${OFFICE}|${ADMIN}`)).toBeGreaterThan(DEFAULT_THROTTLE.trustMs - 60_000);
  });

  it("refuses the attempt, never lets it through, when Redis cannot be reached", async () => {
    const down = connectRedis(`redis://127.0.0.1:${await freePort()}`, "down");
    try {
      const t = new SignInThrottle(DEFAULT_THROTTLE, Date.now, new RedisThrottleStore(() => down, prefix()));
      await expect(t.begin(at(OFFICE))).rejects.toBeInstanceOf(StoreUnavailableError);
    } finally {
      down.disconnect();
    }
  });
});

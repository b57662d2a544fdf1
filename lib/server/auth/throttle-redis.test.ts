import { randomUUID } from "node:crypto";
import { once } from "node:events";
import type Redis from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectRedis, StoreUnavailableError } from "@/lib/server/redis";
import { startRedis, type RedisServer } from "@/test/servers/redis";
import { freePort } from "@/test/servers/free-port";
import { DEFAULT_THROTTLE, SignInThrottle, type ThrottleConfig } from "@/lib/auth/throttle";
import { ADMIN, allowed, at, ATTACKER, OFFICE, refusedFor, secondsOf, throttleContract } from "@/test/contracts/sign-in-throttle";
import { RedisThrottleStore } from "@/lib/server/auth/throttle-redis";

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

throttleContract("redis", (config) => new SignInThrottle(config, new RedisThrottleStore(() => instanceA, prefix())));

/** Two instances of the dashboard on one Redis: the same prefix, a connection each. */
function twoInstances(config: Partial<ThrottleConfig> = DEFAULT_THROTTLE) {
  const shared = prefix();
  return [instanceA, instanceB].map((r) => new SignInThrottle(config, new RedisThrottleStore(() => r, shared))) as [SignInThrottle, SignInThrottle];
}

describe("SignInThrottle (redis only)", () => {
  it("shares the limits between instances: a failure on one makes the other wait, failures split over two lock the pair on both", async () => {
    const [a, b] = twoInstances();
    await allowed(await a.begin(at(ATTACKER))).fail();
    expect(secondsOf(refusedFor(await b.begin(at(ATTACKER))))).toBe(1);

    const [c, d] = twoInstances({ pair: { maxFailures: 3, lockMs: 60_000 }, baseDelayMs: 0 });
    for (const instance of [c, d, c]) await allowed(await instance.begin(at(ATTACKER))).fail();
    expect(secondsOf(refusedFor(await d.begin(at(ATTACKER))))).toBe(60);
    // An attempt in flight on one instance holds the pair on the other too.
    const pending = allowed(await c.begin(at(OFFICE)));
    expect((await d.begin(at(OFFICE))).allowed).toBe(false);
    await pending.succeed();
    expect((await d.begin(at(OFFICE))).allowed).toBe(true);
  });

  it("lets parallel guesses through two instances no further than through one", async () => {
    const [a, b] = twoInstances();
    const started = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? a : b).begin(at(ATTACKER, `user${i}@example.com`))));
    expect(started.filter((x) => x.allowed)).toHaveLength(DEFAULT_THROTTLE.ip.maxFailures);
  });

  it("gives every key an expiry, so Redis forgets what no longer matters", async () => {
    const p = prefix();
    const t = new SignInThrottle(DEFAULT_THROTTLE, new RedisThrottleStore(() => instanceA, p));
    await allowed(await t.begin(at(ATTACKER))).fail();
    await allowed(await t.begin(at(OFFICE))).succeed();
    const keys = await instanceA.keys(`${p}*`);
    expect(keys.length).toBeGreaterThanOrEqual(5);
    for (const key of keys) expect(await instanceA.pttl(key)).toBeGreaterThan(0);
    // A failure is kept as long as it counts; a trusted address as long as it is trusted.
    expect(await instanceA.pttl(`${p}pair-failures:${ATTACKER}|${ADMIN}`)).toBeLessThanOrEqual(DEFAULT_THROTTLE.forgetAfterMs);
    expect(await instanceA.pttl(`${p}trust:${OFFICE}|${ADMIN}`)).toBeGreaterThan(DEFAULT_THROTTLE.trustMs - 60_000);
  });

  it("refuses the attempt, never lets it through, when Redis cannot be reached", async () => {
    const down = connectRedis(`redis://127.0.0.1:${await freePort()}`, "down");
    try {
      const t = new SignInThrottle(DEFAULT_THROTTLE, new RedisThrottleStore(() => down, prefix()));
      await expect(t.begin(at(OFFICE))).rejects.toBeInstanceOf(StoreUnavailableError);
    } finally {
      down.disconnect();
    }
  });
});

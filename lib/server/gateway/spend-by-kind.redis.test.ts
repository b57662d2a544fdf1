// Production mode: what spent the hour is the team's, every instance's spend in Redis.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeRedisForTests, redis } from "@/lib/server/redis";
import { startRedis, type RedisServer } from "@/test/servers/redis";
import { resetRecentForTests } from "./recent";
import { recordSpend, spendingAs, spentLastHour } from "./spend-by-kind";

let server: RedisServer;

beforeAll(async () => {
  server = await startRedis();
  // Read once by env() on first use, in this test file's own process.
  process.env.REDIS_URL = server.url;
  process.env.REDIS_PREFIX = `spend-test-${process.pid}:`;
  process.env.UPSTREAM_API_KEY ??= "k";
  process.env.NEXTAUTH_SECRET ??= "test-secret-at-least-16-chars";
  process.env.LOG_LEVEL = "silent";
});

afterAll(async () => {
  await closeRedisForTests();
  await server?.stop();
});

describe("spend by kind in production mode", () => {
  it("is counted in Redis, so every instance (here: this one after forgetting its own counts) reads the team's", async () => {
    // Counting is fire and forget: with no connection yet a count is lost, never waited for.
    await expect.poll(() => redis().status, { timeout: 5_000 }).toBe("ready");
    recordSpend("interactive");
    recordSpend("interactive");
    recordSpend("write");
    spendingAs("collector", () => recordSpend("background"));
    recordSpend("background");
    // This process's own counts gone, as another instance would see it: the figures come from Redis.
    resetRecentForTests();
    await expect.poll(() => spentLastHour(), { timeout: 5_000 }).toEqual({ people: 2, decisions: 1, collector: 1, mirror: 1 });
  });
});

import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieFor, errorOf, ORIGIN, startHarness, type Harness } from "@/app/api/_tests/harness";
import type { DashboardEvent } from "@/lib/events/schema";
import { EventBus } from "@/lib/server/events/bus";
import { resetEventBusForTests } from "@/lib/server/events";
import { closeRedisForTests, connectRedis } from "@/lib/server/redis";
import { startRedis, type RedisServer } from "@/test/servers/redis";
import { sseReader } from "@/test/sse";
import { GET } from "./route";

/**
 * Production mode: this process is instance A (its stream route and its bus
 * on lib/server/redis's connections); instance B is a bus on connections of
 * its own, as another machine would have.
 */
let h: Harness;
let server: RedisServer;
const PREFIX = "events-test:";

beforeAll(async () => {
  server = await startRedis();
  h = await startHarness({ REDIS_URL: server.url, REDIS_PREFIX: PREFIX });
  resetEventBusForTests();
});
afterAll(async () => {
  await closeRedisForTests();
  resetEventBusForTests();
  await h?.close();
  await server?.stop();
});

async function open(email: string) {
  const controller = new AbortController();
  const req = new NextRequest(new URL("/api/events", ORIGIN), { headers: { cookie: await cookieFor("manager", email) }, signal: controller.signal });
  return { res: await GET(req, { params: Promise.resolve({}) }), abort: () => controller.abort() };
}

describe("GET /api/events in production mode (real Redis)", () => {
  it("delivers to a page open on this instance an event published on another instance", async () => {
    const publisher = connectRedis(server.url, "instance-b");
    const subscriber = connectRedis(server.url, "instance-b-sub");
    const b = new EventBus({ publisher, subscriber, channel: `${PREFIX}events` });
    try {
      const { res, abort } = await open("manager@example.com");
      expect(res.status).toBe(200);
      const reader = sseReader(res);
      await reader.until((x) => x.event === "hello");
      const event: DashboardEvent = { type: "campaign", campaign_id: 5, reason: "refresh" };
      b.publish(event);
      const got = await reader.until((x) => x.data !== undefined);
      expect(JSON.parse(got.data ?? "")).toEqual(event);
      abort();
    } finally {
      publisher.disconnect();
      subscriber.disconnect();
    }
  });

  it("ends open streams when Redis goes away (their pages poll again) and refuses new ones with store_unavailable", async () => {
    const { res } = await open("down@example.com");
    const reader = sseReader(res);
    await reader.until((x) => x.event === "hello");
    await server.stop();
    expect(await reader.ended(5_000)).toBe(true);
    const again = await open("down@example.com");
    expect(again.res.status).toBe(503);
    expect((await errorOf(again.res)).code).toBe("store_unavailable");
  });
});

import { randomUUID } from "node:crypto";
import { once } from "node:events";
import type Redis from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Post } from "@/lib/schemas";
import { connectRedis } from "@/lib/server/redis";
import { startRedis, type RedisServer } from "@/test/servers/redis";
import { RedisSignals } from "./signals";

/** Two instances' signals on one real Redis: what one learns, the other's scheduler plans with. */
let server: RedisServer;
const connections: Redis[] = [];

async function connect(name: string): Promise<Redis> {
  const c = connectRedis(server.url, name);
  connections.push(c);
  await once(c, "ready");
  return c;
}

async function instance(prefix: string): Promise<RedisSignals> {
  return new RedisSignals({ redis: await connect("command"), subscriber: await connect("subscriber"), prefix });
}

const post = (task: number, campaign: number): Post => ({
  task_id: task,
  campaign_id: campaign,
  campaign_name: "Кампания",
  text: "Текст",
  status: "WAITING_APPROVAL",
  post_type: "TEXT",
  published_at: "2026-11-20T12:00:00+03:00",
  created_at: "2026-11-20T09:00:00+03:00",
  updated_at: "2026-11-20T10:00:00+03:00",
  media: null,
});

beforeAll(async () => {
  process.env.LOG_LEVEL = "silent";
  server = await startRedis();
});

afterAll(async () => {
  for (const c of connections) c.disconnect();
  await server?.stop();
});

describe("inbox signals in Redis", () => {
  it("shares looked-at marks until they end", async () => {
    const prefix = `test:${randomUUID()}:inbox`;
    const [a, b] = [await instance(prefix), await instance(prefix)];
    a.watch([3, 4], 10_000);
    await connections[0]?.ping(); // the marks are written
    expect([...(await b.state([3, 4, 5], 5_000)).watched].sort()).toEqual([3, 4]);
    expect((await b.state([3, 4, 5], 10_000)).watched.size).toBe(0);
  });

  it("hands a notification to every instance once, with the time it was received, and keeps that time for late starters", async () => {
    const prefix = `test:${randomUUID()}:inbox`;
    const [a, b] = [await instance(prefix), await instance(prefix)];
    const heardA: [number, number][] = [];
    const heardB: [number, number][] = [];
    a.onNotify((p, at) => heardA.push([p.task_id, at]));
    b.onNotify((p, at) => heardB.push([p.task_id, at]));
    await new Promise((r) => setTimeout(r, 50)); // subscriptions made
    a.notify(post(11, 7), 1234);
    for (let i = 0; i < 100 && heardB.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, 50));
    expect(heardA).toEqual([[11, 1234]]);
    expect(heardB).toEqual([[11, 1234]]);
    const late = await instance(prefix);
    expect((await late.state([7, 8], 0)).notifiedAt).toEqual(new Map([[7, 1234]]));
  });
});

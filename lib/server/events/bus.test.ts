import type Redis from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DashboardEvent, Delivery } from "@/lib/events/schema";
import { connectRedis } from "@/lib/server/redis";
import { startRedis, type RedisServer } from "@/test/servers/redis";
import { EventBus } from "./bus";

const EVENT: DashboardEvent = { type: "post", task_id: 42, campaign_id: 7, status: "APPROVED", reason: "decision" };

function next(bus: EventBus, timeoutMs = 2_000): Promise<Delivery> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => (off(), reject(new Error("no event arrived"))), timeoutMs);
    const off = bus.subscribe((d) => {
      clearTimeout(timer);
      off();
      resolve(d);
    });
  });
}

describe("EventBus, embedded", () => {
  it("delivers to every listener, and a listener that throws is felt by neither the publisher nor the others", () => {
    const bus = new EventBus();
    const got: Delivery[] = [];
    bus.subscribe(() => {
      throw new Error("broken page");
    });
    bus.subscribe((d) => got.push(d));
    expect(() => bus.publish(EVENT)).not.toThrow();
    expect(got.map((d) => d.event)).toEqual([EVENT]);
  });

  it("knows what came after an id it gave out, and nothing of ids it did not", () => {
    const bus = new EventBus();
    const start = bus.head();
    bus.publish(EVENT);
    const mid = bus.head();
    bus.publish({ type: "campaign", campaign_id: 7, reason: "decision" });
    expect(bus.since(start)?.map((d) => d.event.type)).toEqual(["post", "campaign"]);
    expect(bus.since(mid)?.map((d) => d.event.type)).toEqual(["campaign"]);
    expect(bus.since(bus.head())).toEqual([]);
    expect(bus.since("from-another-instance")).toBeNull();
    // Five minutes on, the replay is gone: the tab must refetch instead.
    expect(bus.since(start, Date.now() + 6 * 60_000)).toBeNull();
  });

  it("still resumes from its head after a quiet spell pruned every event (a page rendered then needs no resync)", () => {
    const bus = new EventBus();
    bus.publish(EVENT);
    const later = Date.now() + 6 * 60_000;
    expect(bus.since(bus.head(), later)).toEqual([]); // pruned meanwhile, yet the newest pruned id is known
    const rendered = bus.head();
    bus.publish({ type: "campaign", campaign_id: 7, reason: "decision" });
    expect(bus.since(rendered)?.map((d) => d.event.type)).toEqual(["campaign"]);
  });
});

describe("EventBus through a real Redis (production mode)", () => {
  let server: RedisServer;
  const connections: Redis[] = [];
  const link = (name: string) => {
    const publisher = connectRedis(server.url, `${name}-pub`);
    const subscriber = connectRedis(server.url, `${name}-sub`);
    connections.push(publisher, subscriber);
    return { publisher, subscriber, channel: "test:events" };
  };

  beforeAll(async () => {
    server = await startRedis();
  });
  afterAll(async () => {
    for (const c of connections) c.disconnect();
    await server?.stop();
  });

  it("an event published on one instance's bus reaches a subscriber of another instance's bus, same id on both", async () => {
    const a = new EventBus(link("a"));
    const b = new EventBus(link("b"));
    await Promise.all([a.ready(), b.ready()]);
    const onA = next(a);
    const onB = next(b);
    a.publish(EVENT);
    const [da, db] = await Promise.all([onA, onB]);
    expect(db.event).toEqual(EVENT);
    expect(db.id).toBe(da.id);
    // So a stream that drops on A can resume on B after the same id.
    expect(b.since(da.id)).toEqual([]);
  });

  it("drops a malformed message on the channel and keeps delivering", async () => {
    const l = link("c");
    const c = new EventBus(l);
    await c.ready();
    const got: Delivery[] = [];
    c.subscribe((d) => got.push(d));
    await l.publisher.publish(l.channel, "not json");
    await l.publisher.publish(l.channel, JSON.stringify({ id: "x1", event: { type: "post" } }));
    const arrived = next(c);
    c.publish(EVENT);
    await arrived;
    expect(got.map((d) => d.event)).toEqual([EVENT]);
  });
});

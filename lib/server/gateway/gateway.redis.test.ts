import { once } from "node:events";
import type { Redis } from "ioredis";
import { afterAll, beforeAll } from "vitest";
import { connectRedis } from "@/lib/server/redis";
import { startRedis, type RedisServer } from "@/test/servers/redis";
import { defaultLimits } from "./budget";
import { flushMicrotasks, systemClock } from "./clock";
import { gatewayContract } from "@/test/contracts/gateway";
import { createGateway } from "./gateway";
import { RedisBudget } from "./redis-budget";

// The production gateway (a RedisBudget on a real Redis) against the same cases as the embedded one.
let server: RedisServer;
let prefixes = 0;

beforeAll(async () => {
  server = await startRedis();
});

afterAll(async () => {
  await server?.stop();
});

async function connect(name: string): Promise<Redis> {
  const client = connectRedis(server.url, name);
  if (client.status !== "ready") await once(client, "ready");
  return client;
}

/** Counts the commands a connection has sent and not yet had answered (every script of the cache and the budget). */
function trackCommands(redis: Redis): { size(): number; idle(): Promise<void> } {
  const open = new Set<Promise<unknown>>();
  const send = redis.sendCommand.bind(redis);
  redis.sendCommand = (command, stream) => {
    const answered = command.promise.then(
      () => undefined,
      () => undefined,
    );
    open.add(answered);
    void answered.then(() => open.delete(answered));
    return send(command, stream);
  };
  return { size: () => open.size, idle: async () => void (await Promise.all([...open])) };
}

gatewayContract("Gateway (production: Redis)", async (options) => {
  const redis = await connect("gateway-test");
  const commands = trackCommands(redis);
  const prefix = `test:gateway:${process.pid}:${++prefixes}`;
  const l = options.limits ?? { readsPerMinute: 60, writesPerMinute: 30, requestsPerHour: 1000 };
  const limits = { ...defaultLimits(l.readsPerMinute, l.writesPerMinute, l.requestsPerHour), ...l };
  const budget = new RedisBudget(redis, `${prefix}:budget`, limits, options.clock ?? systemClock);
  const gateway = createGateway({ ...options, budget });
  const settled = async () => {
    do {
      await Promise.all([budget.idle(), commands.idle()]);
      await flushMicrotasks();
    } while (commands.size() > 0);
  };
  return {
    gateway,
    settled,
    close: async () => {
      await settled();
      redis.disconnect();
    },
  };
});

import "server-only";
import { once } from "node:events";
import Redis, { type RedisOptions } from "ioredis";
import { env } from "@/lib/env";
import { log } from "@/lib/server/log";

/**
 * Production mode's one Redis connection per process (plus one for
 * subscriptions, which Redis requires to be separate). Offline queueing is off:
 * when Redis is unreachable a command fails at once with StoreUnavailableError
 * (answered as 503 `store_unavailable`) instead of hanging, and nothing falls
 * back to per-process budgets that would let N instances spend N× the key.
 *
 * Kept on globalThis: Next evaluates this module once per route bundle.
 */
export class StoreUnavailableError extends Error {
  override readonly name = "StoreUnavailableError";
}

type Handles = { url: string; client: Redis; subscriber?: Redis };
const g = globalThis as typeof globalThis & { __dashboardRedis?: Handles };

export function redisMode(): boolean {
  return Boolean(env().REDIS_URL);
}

/** Every key the dashboard writes starts with REDIS_PREFIX (default `dash:`). */
export function redisKey(...parts: (string | number)[]): string {
  return env().REDIS_PREFIX + parts.join(":");
}

export function redisOptions(): RedisOptions {
  return {
    lazyConnect: false,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: 2_000,
    // Keep trying to come back, at most every 2 s; commands fail meanwhile.
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  };
}

/** A new connection (tests and helpers that need their own); the caller closes it. */
export function connectRedis(url: string, name: string): Redis {
  const client = new Redis(url, { ...redisOptions(), connectionName: name });
  let down = false;
  client.on("error", (e: Error) => {
    if (!down) log.error("REDIS UNREACHABLE: shared budget, cache and events unavailable", { connection: name, error: e.message });
    down = true;
  });
  client.on("ready", () => {
    if (down) log.info("redis reachable again", { connection: name });
    down = false;
  });
  return client;
}

function handles(): Handles {
  const url = env().REDIS_URL;
  if (!url) throw new Error("redis() called without REDIS_URL");
  if (g.__dashboardRedis?.url === url) return g.__dashboardRedis;
  g.__dashboardRedis = { url, client: connectRedis(url, "dashboard") };
  return g.__dashboardRedis;
}

/** The shared command connection. */
export function redis(): Redis {
  return handles().client;
}

/** The shared subscriber connection (SUBSCRIBE only). */
export function redisSubscriber(): Redis {
  const h = handles();
  h.subscriber ??= connectRedis(h.url, "dashboard-subscriber");
  return h.subscriber;
}

/**
 * Runs a Redis operation; a connection failure becomes StoreUnavailableError
 * so routes answer the one envelope (503 store_unavailable).
 */
export async function viaRedis<T>(what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof StoreUnavailableError) throw e;
    const message = e instanceof Error ? e.message : String(e);
    throw new StoreUnavailableError(`redis ${what} failed: ${message}`, { cause: e });
  }
}

/**
 * Commands fail at once while Redis is down (no offline queue), which is what
 * we want, except in the first moments of a process while the connection is
 * still being made: then wait for it, as long as a connection may take.
 */
export async function firstConnection(client: Redis): Promise<void> {
  if (client.status !== "connecting" && client.status !== "connect") return;
  const timeout = AbortSignal.timeout(client.options.connectTimeout ?? 2_000);
  await once(client, "ready", { signal: timeout }).catch(() => undefined);
}

export type RedisHealth = { ok: boolean; latencyMs?: number; reason?: string };

export async function redisHealth(): Promise<RedisHealth | undefined> {
  if (!redisMode()) return undefined;
  const t0 = performance.now();
  try {
    const pong = await redis().ping();
    return pong === "PONG" ? { ok: true, latencyMs: Math.round(performance.now() - t0) } : { ok: false, reason: `unexpected answer ${pong}` };
  } catch (e) {
    return { ok: false, reason: e instanceof Error ? e.message : String(e) };
  }
}

export async function closeRedisForTests(): Promise<void> {
  const h = g.__dashboardRedis;
  g.__dashboardRedis = undefined;
  if (!h) return;
  h.client.disconnect();
  h.subscriber?.disconnect();
}

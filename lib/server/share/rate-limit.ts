import "server-only";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { addressKey, clientIp } from "@/lib/auth/credentials";
import { env } from "@/lib/env";
import { ApiError, text } from "@/lib/server/errors";
import { firstConnection, redis, redisKey, StoreUnavailableError } from "@/lib/server/redis";
import { linkIdOf } from "./token";

/*
 * Requests through share links are limited per client address (every token
 * route, a wrong or malformed token included, so guessing costs the guesser)
 * and per link (however many addresses share it). The address is the sign-in
 * throttle's: X-Forwarded-For as the edge rewrote it by TRUSTED_PROXIES, an
 * IPv6 client counted by its /64. With REDIS_URL the counters are shared by
 * every instance; an unreachable Redis refuses the request (503), never
 * counts on its own. A read costs 1 point, a decision or comment WRITE_COST.
 */
export type ShareLimits = { perAddress: number; perLink: number; windowSeconds: number };
const DEFAULT_SHARE_LIMITS: ShareLimits = { perAddress: 60, perLink: 150, windowSeconds: 60 };
export const WRITE_COST = 5;

type Limiters = { limits: ShareLimits; redisUrl: string | undefined; address: RateLimiterAbstract; link: RateLimiterAbstract };
// On globalThis: one set of counters per process, however many route bundles load this module.
const KEY = Symbol.for("review-dashboard.share-limiters");
const K2 = Symbol.for("review-dashboard.share-limits");
const g = globalThis as typeof globalThis & { [KEY]?: Limiters; [K2]?: ShareLimits };

function build(limits: ShareLimits, redisUrl: string | undefined): Limiters {
  const make = (name: string, points: number): RateLimiterAbstract =>
    redisUrl
      ? new RateLimiterRedis({ storeClient: redis(), keyPrefix: redisKey("share", name), points, duration: limits.windowSeconds })
      : new RateLimiterMemory({ keyPrefix: `share:${name}`, points, duration: limits.windowSeconds });
  return { limits, redisUrl, address: make("addr", limits.perAddress), link: make("link", limits.perLink) };
}

function limiters(): Limiters {
  const limits = g[K2] ?? DEFAULT_SHARE_LIMITS;
  const redisUrl = env().REDIS_URL;
  const current = g[KEY];
  if (current && current.limits === limits && current.redisUrl === redisUrl) return current;
  g[KEY] = build(limits, redisUrl);
  return g[KEY];
}

/** The address a request is counted by (the sign-in throttle's rule). */
export function shareClientAddress(req: { headers: Headers }): string {
  return addressKey(clientIp({ "x-forwarded-for": req.headers.get("x-forwarded-for") ?? undefined }));
}

function tooMany(res: RateLimiterRes): ApiError {
  const seconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  return new ApiError("rate_limited", text("share.rateLimited", { seconds }), { status: 429, retryAfterSeconds: seconds });
}

async function take(limiter: RateLimiterAbstract, key: string, points: number): Promise<void> {
  try {
    // In a process's first moments Redis may still be connecting: wait for it (lib/server/redis.ts).
    if (limiter instanceof RateLimiterRedis) await firstConnection(redis());
    await limiter.consume(key, points);
  } catch (e) {
    if (e instanceof RateLimiterRes) throw tooMany(e);
    throw new StoreUnavailableError(`share rate limit: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  }
}

/** Counts one request through `token`; throws 429 `rate_limited` (with Retry-After) when over either limit. */
export async function limitShareRequest(req: { headers: Headers }, token: string, points = 1): Promise<void> {
  const l = limiters();
  await take(l.address, shareClientAddress(req), points);
  // A malformed token names no link: the address limit is all it meets.
  const id = linkIdOf(token);
  if (id) await take(l.link, id, points);
}

/** Tests: other limits (a new window), or back to the defaults with undefined. */
export function setShareLimitsForTests(limits: ShareLimits | undefined): void {
  g[K2] = limits;
  g[KEY] = undefined;
}

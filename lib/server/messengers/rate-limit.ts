import "server-only";
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from "rate-limiter-flexible";
import { log } from "@/lib/server/log";
import { redis, redisKey, redisMode } from "@/lib/server/redis";

/** Per chat: this many updates in this many seconds; more are dropped (a press gets a short answer). */
const CHAT_LIMIT = { points: 20, seconds: 10 };

/**
 * A messenger's per-chat limiter. With Redis (production mode) the count is
 * shared, so webhook updates spread over instances are limited together.
 */
export function chatLimiter(messenger: string, o: { points: number; seconds: number } = CHAT_LIMIT): RateLimiterAbstract {
  const { points, seconds: duration } = o;
  return redisMode()
    ? new RateLimiterRedis({ storeClient: redis(), keyPrefix: redisKey(messenger, "chat"), points, duration, insuranceLimiter: new RateLimiterMemory({ points, duration }) })
    : new RateLimiterMemory({ points, duration });
}

/** Whether this update may go on: false when the chat is over its limit; a broken store lets it through (the insurance limiter took over). */
export async function withinLimit(limiter: RateLimiterAbstract, chat: string, messenger: string): Promise<boolean> {
  try {
    await limiter.consume(chat);
    return true;
  } catch (e) {
    // A refusal is a RateLimiterRes; an Error is the store failing, not a refusal.
    if (e instanceof Error) {
      log.warn(`${messenger} rate limiter unavailable`, { error: e.message });
      return true;
    }
    return false;
  }
}

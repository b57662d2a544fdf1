import "server-only";
import type Redis from "ioredis";
import { RateLimiterRedis, type RateLimiterAbstract } from "rate-limiter-flexible";
import { firstConnection, viaRedis } from "@/lib/server/redis";
import { emptySizes, seconds, TABLES, type LimiterOptions, type Table, type ThrottleSizes, type ThrottleStore } from "@/lib/auth/throttle-store";

/**
 * The throttle's counters in Redis (RateLimiterRedis), shared by every
 * instance on one REDIS_URL: five failures are five whichever instances took
 * them. Each counter is one key with an expiry, which is what bounds Redis's
 * memory. Keys: `<prefix><table>:<key>`.
 */
export class RedisThrottleStore implements ThrottleStore {
  constructor(
    /** Asked on first use, so nothing connects until someone signs in (e.g. not during `next build`). */
    private readonly client: () => Redis,
    private readonly prefix: string,
  ) {}

  limiter(table: Table, { points, durationMs }: LimiterOptions): RateLimiterAbstract {
    return new RateLimiterRedis({ storeClient: this.client(), keyPrefix: `${this.prefix}${table}`, points, duration: seconds(durationMs) });
  }

  run<T>(fn: () => Promise<T>): Promise<T> {
    return viaRedis("sign-in throttle", async () => {
      await firstConnection(this.client());
      return fn();
    });
  }

  /** Counted with SCAN: for tests and diagnostics, not for a hot path. */
  async size(): Promise<ThrottleSizes> {
    const sizes = emptySizes();
    const client = this.client();
    let cursor = "0";
    do {
      const [next, found] = await viaRedis("sign-in throttle scan", () => client.scan(cursor, "MATCH", `${this.prefix}*`, "COUNT", 1000));
      cursor = next;
      for (const key of found) {
        const rest = key.slice(this.prefix.length);
        const table = TABLES.find((t) => rest.startsWith(`${t}:`));
        if (!table) continue;
        sizes[table] += 1;
        sizes.keyChars += rest.length - table.length - 1;
      }
    } while (cursor !== "0");
    return sizes;
  }
}

import { RateLimiterMemory, type RateLimiterAbstract } from "rate-limiter-flexible";

/**
 * Where the sign-in throttle keeps its counters: rate-limiter-flexible
 * limiters of one kind, RateLimiterMemory (one process, the embedded mode) or
 * RateLimiterRedis (throttle-redis.ts: every instance on one REDIS_URL). The
 * rules are in throttle.ts, once, whatever the store.
 */

/** The throttle's tables; each is one limiter with a key prefix of its own. */
export const TABLES = [
  "turn", // an attempt in flight on a pair (address + account): one at a time
  "pair-failures",
  "pair-wait", // the pause after a pair's failure, or its lock
  "trust", // an address that signed in to the account recently
  "ip-attempts", // failures and attempts in flight of an address
  "ip-failures",
  "ip-lock",
  "account-attempts", // failures and attempts in flight on an account, from anywhere
] as const;
export type Table = (typeof TABLES)[number];

export type LimiterOptions = { points: number; durationMs: number };
export type ThrottleSizes = Record<Table, number> & { keyChars: number };

export interface ThrottleStore {
  /** The limiter of one table (called once per table, on the throttle's first use). */
  limiter(table: Table, options: LimiterOptions): RateLimiterAbstract;
  /** Runs the store's calls; a store that cannot be reached throws StoreUnavailableError. */
  run<T>(fn: () => Promise<T>): Promise<T>;
  /** Entries held per table, and the characters of their keys (prefixes left out): for tests and diagnostics. */
  size(): Promise<ThrottleSizes>;
}

/**
 * Whole seconds, at least one: the library's durations are seconds, and its
 * Redis limiter rounds a fraction down (0.5 s would be "never expires").
 */
export function seconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/**
 * This process's memory: a restart forgets, acceptable for one instance of a team dashboard.
 * Entries leave when their window ends (15 minutes; a trusted address's after 7 days): memory
 * follows the allowed attempts of that window, not a count cap as the hand-written LRU had.
 * Refused attempts store nothing, so a locked address cannot grow it.
 */
export class MemoryThrottleStore implements ThrottleStore {
  private readonly limiters = new Map<Table, RateLimiterMemory>();

  limiter(table: Table, { points, durationMs }: LimiterOptions): RateLimiterAbstract {
    const limiter = new RateLimiterMemory({ keyPrefix: table, points, duration: seconds(durationMs) });
    this.limiters.set(table, limiter);
    return limiter;
  }

  run<T>(fn: () => Promise<T>): Promise<T> {
    return fn();
  }

  async size(): Promise<ThrottleSizes> {
    const sizes = emptySizes();
    for (const [table, limiter] of this.limiters) {
      // dump() is the library's own export of what a memory limiter holds.
      const { storage } = limiter.dump();
      sizes[table] = storage.length;
      sizes.keyChars += storage.reduce((n, e) => n + String(e.key).length, 0);
    }
    return sizes;
  }
}

export function emptySizes(): ThrottleSizes {
  return { ...(Object.fromEntries(TABLES.map((t) => [t, 0])) as Record<Table, number>), keyChars: 0 };
}

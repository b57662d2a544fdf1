import "server-only";
import { createHash } from "node:crypto";
import { once } from "node:events";
import type Redis from "ioredis";
import { viaRedis } from "@/lib/server/redis";
import { BEGIN_SCRIPT, FINISH_SCRIPT } from "./throttle-redis-lua";
import { STALE_IN_FLIGHT_MS, type AttemptKeys, type Outcome, type StoreDecision, type ThrottleConfig, type ThrottleSizes, type ThrottleStore } from "./throttle-store";

/**
 * The throttle's tables in Redis, shared by every instance on one REDIS_URL:
 * five failures are five whichever instances took them. Lua scripts rather
 * than rate-limiter-flexible: its limiters count points in a window, while
 * this throttle needs attempts in flight, growing waits after the last
 * failure and an exemption for trusted addresses, checked and counted in one
 * atomic step across three keys.
 *
 * Keys: `<prefix>p:<pair>`, `<prefix>i:<address>`, `<prefix>a:<account>`.
 */
export class RedisThrottleStore implements ThrottleStore {
  constructor(
    /** Asked on each use, so nothing connects until someone signs in (e.g. not during `next build`). */
    private readonly client: () => Redis,
    private readonly prefix: string,
  ) {}

  async begin(keys: AttemptKeys, now: number, c: ThrottleConfig): Promise<StoreDecision> {
    const redisKeys = [`${this.prefix}p:${keys.pair}`, `${this.prefix}i:${keys.ip}`, `${this.prefix}a:${keys.account}`];
    const common = [now, c.forgetAfterMs, STALE_IN_FLIGHT_MS];
    const args = [...common, c.pair.maxFailures, c.ip.maxFailures, c.accountFreeFailures, c.baseDelayMs, c.maxDelayMs, c.accountMaxDelayMs];
    const [allowed, ms] = (await this.run(BEGIN_SCRIPT, redisKeys, args)) as [number, number];
    if (allowed !== 1) return { allowed: false, retryAfterMs: ms };
    const finish = async (outcome: Outcome, at: number) => {
      const finishArgs = [at, c.forgetAfterMs, STALE_IN_FLIGHT_MS, outcome, c.pair.maxFailures, c.pair.lockMs, c.ip.maxFailures, c.ip.lockMs, c.trustMs];
      await this.run(FINISH_SCRIPT, redisKeys, finishArgs);
    };
    return { allowed: true, delayMs: ms, finish };
  }

  /** Counted with SCAN: for tests and diagnostics, not for a hot path. */
  async size(): Promise<ThrottleSizes> {
    const sizes = { pairs: 0, ips: 0, accounts: 0, keyChars: 0 };
    const table = { p: "pairs", i: "ips", a: "accounts" } as const;
    const client = this.client();
    let cursor = "0";
    do {
      const [next, found] = await viaRedis("sign-in throttle scan", () => client.scan(cursor, "MATCH", `${this.prefix}*`, "COUNT", 1000));
      cursor = next;
      for (const key of found) {
        const rest = key.slice(this.prefix.length);
        const name = table[rest[0] as keyof typeof table];
        if (!name || rest[1] !== ":") continue;
        sizes[name] += 1;
        sizes.keyChars += rest.length - 2;
      }
    } while (cursor !== "0");
    return sizes;
  }

  private run(script: string, keys: string[], args: (string | number)[]): Promise<unknown> {
    return viaRedis("sign-in throttle", async () => {
      const client = this.client();
      await firstConnection(client);
      try {
        return await client.evalsha(sha1(script), keys.length, ...keys, ...args);
      } catch (e) {
        // The server does not have it yet (or restarted): send it once in full.
        if (!(e instanceof Error) || !e.message.startsWith("NOSCRIPT")) throw e;
        return await client.eval(script, keys.length, ...keys, ...args);
      }
    });
  }
}

const shas = new Map<string, string>();
function sha1(script: string): string {
  let sha = shas.get(script);
  if (!sha) shas.set(script, (sha = createHash("sha1").update(script).digest("hex")));
  return sha;
}

/**
 * Commands fail at once while Redis is down (no offline queue), which is what
 * we want, except in the first moments of a process while the connection is
 * still being made: then wait for it, as long as a connection may take.
 */
async function firstConnection(client: Redis): Promise<void> {
  if (client.status !== "connecting" && client.status !== "connect") return;
  const timeout = AbortSignal.timeout(client.options.connectTimeout ?? 2_000);
  await once(client, "ready", { signal: timeout }).catch(() => undefined);
}

import { createHash } from "node:crypto";
import { RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { MemoryThrottleStore, seconds, TABLES, type Table, type ThrottleSizes, type ThrottleStore } from "./throttle-store";

export { MemoryThrottleStore, type ThrottleSizes, type ThrottleStore } from "./throttle-store";

/**
 * Slows down and stops password guessing without letting anyone lock a
 * person out from somewhere else. Three kinds of counters, all
 * rate-limiter-flexible limiters (memory, or Redis with several instances so
 * that N instances do not give N× the guesses):
 *
 * - pair (address + account): after each failure the next try must wait a
 *   growing time (answered at once with "try again in N s", nothing held
 *   open), then a short lock. Only that address is locked out of that account.
 * - address: failures across all accounts; at the limit the address is locked.
 * - account: failures from everywhere. Never locked: past a free allowance
 *   every attempt is slowed (slept) by a growing delay, so a distributed
 *   attack gets few guesses while the real person still gets in. Addresses
 *   that recently signed in to the account skip this delay.
 *
 * Attempts still being checked count as failures, so parallel guesses cannot
 * slip past a limit; a pair has one attempt in flight at a time. Failures are
 * forgotten `forgetAfterMs` after the first of them (the library's fixed
 * window). A store that cannot be reached throws StoreUnavailableError: the
 * attempt is refused, never let through on a throttle of its own.
 */
export type LockRule = {
  /** Failures that lock. */
  maxFailures: number;
  lockMs: number;
};

/** Durations are whole seconds in the library: each is rounded up to one (see seconds()). */
export type ThrottleConfig = {
  pair: LockRule;
  /** Higher than the pair's: a whole office may sign in from one NAT address. */
  ip: LockRule;
  /** Failures on an account, from anywhere, before its attempts are slowed. */
  accountFreeFailures: number;
  /** Growing waits start here and double with each further failure. */
  baseDelayMs: number;
  /** Cap of the pair's wait between tries. */
  maxDelayMs: number;
  /** Cap of the account's slow-down (held open, so kept short). */
  accountMaxDelayMs: number;
  /** Failures are forgotten this long after the first of them, unless they led to a lock. */
  forgetAfterMs: number;
  /** How long a successful sign-in exempts that address from its account's slow-down. */
  trustMs: number;
  /** An attempt that never reported back (a hung request, a dead instance) stops holding its pair after this. */
  staleAfterMs: number;
};

export const DEFAULT_THROTTLE: ThrottleConfig = {
  pair: { maxFailures: 5, lockMs: 5 * 60_000 },
  ip: { maxFailures: 20, lockMs: 15 * 60_000 },
  accountFreeFailures: 10,
  baseDelayMs: 1_000,
  maxDelayMs: 8_000,
  accountMaxDelayMs: 10_000,
  forgetAfterMs: 15 * 60_000,
  trustMs: 7 * 24 * 60 * 60_000,
  staleAfterMs: 60_000,
};

/** What a refusal says while another attempt of the pair is in flight, or the address's attempts in flight fill its limit. */
const BUSY_MS = 1_000;
/** Keys longer than this are stored as a hash: a key's size never depends on the input's. */
const MAX_KEY_CHARS = 64;
/** Counters that refuse nothing themselves (the account's), checked by the throttle instead. */
const UNLIMITED = Number.MAX_SAFE_INTEGER;

export type Attempt =
  | { allowed: false; retryAfterMs: number }
  | {
      allowed: true;
      /** Sleep this long before checking the password (the account's slow-down). */
      delayMs: number;
      succeed(): Promise<void>;
      fail(): Promise<void>;
      /** Our fault (e.g. a broken users file): counts for nobody. */
      abandon(): Promise<void>;
    };

type Tables = Record<Table, RateLimiterAbstract>;
type Keys = { pair: string; ip: string; account: string };

export class SignInThrottle {
  private readonly config: ThrottleConfig;
  private tables?: Tables;

  constructor(
    config: Partial<ThrottleConfig> = DEFAULT_THROTTLE,
    private readonly store: ThrottleStore = new MemoryThrottleStore(),
  ) {
    this.config = { ...DEFAULT_THROTTLE, ...config };
  }

  begin({ address, account }: { address: string; account: string }): Promise<Attempt> {
    const keys: Keys = { pair: boundedKey(`${address}|${account}`), ip: boundedKey(address), account: boundedKey(account) };
    return this.store.run(() => this.start(keys));
  }

  /** Entries held, per table: for tests and diagnostics. */
  size(): Promise<ThrottleSizes> {
    return this.store.size();
  }

  private async start(keys: Keys): Promise<Attempt> {
    const t = this.limiters();
    const c = this.config;
    // Looked at without being written: a refused attempt stores nothing, so refusals cannot fill the store.
    const [wait, ipLock] = await Promise.all([t["pair-wait"].get(keys.pair), t["ip-lock"].get(keys.ip)]);
    const locked = Math.max(remaining(wait), remaining(ipLock));
    if (locked > 0) return { allowed: false, retryAfterMs: locked };

    if (!(await taken(t.turn.consume(keys.pair)))) return { allowed: false, retryAfterMs: BUSY_MS };
    // Counted before the password is checked, given back on success: parallel guesses meet the limit too.
    if (!(await taken(t["ip-attempts"].consume(keys.ip)))) {
      await Promise.all([t["ip-attempts"].reward(keys.ip), t.turn.delete(keys.pair)]);
      return { allowed: false, retryAfterMs: BUSY_MS };
    }
    const [account, trusted] = await Promise.all([t["account-attempts"].penalty(keys.account), t.trust.get(keys.pair)]);
    const over = account.consumedPoints - 1 - c.accountFreeFailures;
    const delayMs = trusted || over < 0 ? 0 : Math.min(c.accountMaxDelayMs, c.baseDelayMs * 2 ** over);

    let done = false;
    // Only the first report counts: a retry or a double call must not count twice.
    const finish = (outcome: "succeed" | "fail" | "abandon") => {
      if (done) return Promise.resolve();
      done = true;
      return this.store.run(() => this.finish(keys, outcome));
    };
    return { allowed: true, delayMs, succeed: () => finish("succeed"), fail: () => finish("fail"), abandon: () => finish("abandon") };
  }

  private async finish(keys: Keys, outcome: "succeed" | "fail" | "abandon"): Promise<void> {
    const t = this.limiters();
    const c = this.config;
    await t.turn.delete(keys.pair);
    if (outcome !== "fail") {
      // Not a failure: the attempt's points go back. The account's failures stay on success:
      // the real person signing in must not lift the slow-down off an attack.
      await Promise.all([giveBack(t["ip-attempts"], keys.ip), giveBack(t["account-attempts"], keys.account)]);
      if (outcome === "succeed") {
        await Promise.all([t["pair-failures"].delete(keys.pair), t["pair-wait"].delete(keys.pair), t.trust.set(keys.pair, 1, seconds(c.trustMs))]);
      }
      return;
    }
    const [pair, ip] = await Promise.all([t["pair-failures"].penalty(keys.pair), t["ip-failures"].penalty(keys.ip)]);
    if (pair.consumedPoints >= c.pair.maxFailures) {
      // Locked, and its failures start over once the lock ends.
      await Promise.all([t["pair-wait"].set(keys.pair, 1, seconds(c.pair.lockMs)), t["pair-failures"].delete(keys.pair)]);
    } else if (c.baseDelayMs > 0) {
      const wait = Math.min(c.maxDelayMs, c.baseDelayMs * 2 ** (pair.consumedPoints - 1));
      await t["pair-wait"].set(keys.pair, 1, seconds(wait));
    }
    if (ip.consumedPoints >= c.ip.maxFailures) {
      await Promise.all([t["ip-lock"].set(keys.ip, 1, seconds(c.ip.lockMs)), t["ip-failures"].delete(keys.ip), t["ip-attempts"].delete(keys.ip)]);
    }
  }

  private limiters(): Tables {
    const c = this.config;
    const options: Record<Table, { points: number; durationMs: number }> = {
      turn: { points: 1, durationMs: c.staleAfterMs },
      "pair-failures": { points: UNLIMITED, durationMs: c.forgetAfterMs },
      "pair-wait": { points: 1, durationMs: c.pair.lockMs },
      trust: { points: 1, durationMs: c.trustMs },
      "ip-attempts": { points: c.ip.maxFailures, durationMs: c.forgetAfterMs },
      "ip-failures": { points: UNLIMITED, durationMs: c.forgetAfterMs },
      "ip-lock": { points: 1, durationMs: c.ip.lockMs },
      "account-attempts": { points: UNLIMITED, durationMs: c.forgetAfterMs },
    };
    // Made on first use: a Redis limiter needs its connection, and nothing connects until someone signs in.
    this.tables ??= Object.fromEntries(TABLES.map((table) => [table, this.store.limiter(table, options[table])])) as Tables;
    return this.tables;
  }
}

/** Milliseconds left of a wait or lock entry, 0 when there is none. */
function remaining(res: RateLimiterRes | null): number {
  return res && res.msBeforeNext > 0 ? res.msBeforeNext : 0;
}

/** Whether consume() took the point: the library rejects with a RateLimiterRes when over, with an Error when its store fails. */
async function taken(consume: Promise<RateLimiterRes>): Promise<boolean> {
  try {
    await consume;
    return true;
  } catch (e) {
    if (e instanceof RateLimiterRes) return false;
    throw e;
  }
}

/**
 * Gives an attempt's point back. A counter removed meanwhile (its address was
 * locked) would go below zero and grant extra tries: removed again instead.
 */
async function giveBack(limiter: RateLimiterAbstract, key: string): Promise<void> {
  const res = await limiter.reward(key);
  if (res.consumedPoints < 0) await limiter.delete(key);
}

/** The key itself, or when long a hash of it, so stored keys are at most MAX_KEY_CHARS whatever was typed. */
export function boundedKey(raw: string): string {
  return raw.length > MAX_KEY_CHARS ? `#${createHash("sha256").update(raw).digest("base64url")}` : raw;
}

/**
 * What the sign-in throttle keeps, and where. The rules (see SignInThrottle)
 * are applied by the store itself, atomically, because with several instances
 * "read the counts, decide, count this attempt" must be one step: two
 * instances reading the same counts would each let a guess through.
 *
 * Two stores: memory (one process; the embedded mode) and Redis (every
 * instance on one REDIS_URL). Time is always passed in from the throttle's
 * clock, so both behave the same under a test clock.
 */
export type LockRule = {
  /** Failures (plus attempts in flight) that lock. */
  maxFailures: number;
  lockMs: number;
};

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
  /** Failures older than this (with no lock) are forgotten. */
  forgetAfterMs: number;
  /** How long a successful sign-in exempts that address from its account's slow-down. */
  trustMs: number;
  /** Entries per table in memory; the least recently used goes first, so memory is fixed whatever the traffic. */
  maxKeys: number;
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
  maxKeys: 10_000,
};

/** An attempt that never reported back (a hung request, a dead instance) stops counting after this. */
export const STALE_IN_FLIGHT_MS = 60_000;

/** The three entries an attempt counts against, already bounded in length (see SignInThrottle). */
export type AttemptKeys = { pair: string; ip: string; account: string };

export type Outcome = "succeed" | "fail" | "abandon";

export type StoreDecision =
  | { allowed: false; retryAfterMs: number }
  | {
      allowed: true;
      delayMs: number;
      /** Ends the attempt (called once): no longer in flight, and the outcome recorded. */
      finish(outcome: Outcome, now: number): Promise<void>;
    };

export type ThrottleSizes = { pairs: number; ips: number; accounts: number; keyChars: number };

export interface ThrottleStore {
  /**
   * Refuses (storing nothing, so refusals cannot push others' state out) or
   * counts the attempt as in flight on its pair, address and account.
   * Throws StoreUnavailableError when a shared store cannot be reached.
   */
  begin(keys: AttemptKeys, now: number, config: ThrottleConfig): Promise<StoreDecision>;
  /** Entries held, per table: for tests and diagnostics. */
  size(): Promise<ThrottleSizes>;
}

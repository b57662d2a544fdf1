import { createHash } from "node:crypto";
import { MemoryThrottleStore } from "./throttle-memory";
import { DEFAULT_THROTTLE, type AttemptKeys, type LockRule, type Outcome, type ThrottleConfig, type ThrottleSizes, type ThrottleStore } from "./throttle-store";

export { DEFAULT_THROTTLE, type LockRule, type ThrottleConfig, type ThrottleStore } from "./throttle-store";

/**
 * Slows down and stops password guessing without letting anyone lock a
 * person out from somewhere else. Three tables:
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
 * slip past a limit. The tables live in a ThrottleStore: this process's memory
 * by default, Redis with several instances (so N instances do not give N× the
 * guesses). A store that cannot be reached throws (StoreUnavailableError):
 * the attempt is refused, never let through on a throttle of its own.
 */

/**
 * The shape used before pair locks existed (`rules.account` locked the account
 * everywhere). Still accepted so older callers keep working; `rules.account`
 * becomes the pair rule, which is what an account lock should have been.
 */
type LegacyConfig = { rules?: { account?: LockRule; ip?: LockRule } };

/** Keys longer than this are stored as a hash: a key's size never depends on the input's. */
const MAX_KEY_CHARS = 64;

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

export class SignInThrottle {
  private readonly config: ThrottleConfig;
  private readonly store: ThrottleStore;

  constructor(
    config: (Partial<ThrottleConfig> & LegacyConfig) | undefined = DEFAULT_THROTTLE,
    private readonly now: () => number = Date.now,
    store?: ThrottleStore,
  ) {
    const { rules, ...rest } = config;
    this.config = { ...DEFAULT_THROTTLE, ...(rules?.account && { pair: rules.account }), ...(rules?.ip && { ip: rules.ip }), ...rest };
    this.store = store ?? new MemoryThrottleStore(this.config.maxKeys);
  }

  async begin({ address, account }: { address: string; account: string }): Promise<Attempt> {
    const keys: AttemptKeys = { pair: boundedKey(`${address}|${account}`), ip: boundedKey(address), account: boundedKey(account) };
    const decision = await this.store.begin(keys, this.now(), this.config);
    if (!decision.allowed) return decision;
    let done = false;
    // Only the first report counts: a retry or a double call must not count twice.
    const finish = async (outcome: Outcome) => {
      if (done) return;
      done = true;
      await decision.finish(outcome, this.now());
    };
    return {
      allowed: true,
      delayMs: decision.delayMs,
      succeed: () => finish("succeed"),
      fail: () => finish("fail"),
      abandon: () => finish("abandon"),
    };
  }

  /** Entries held, per table: for tests and diagnostics. */
  size(): Promise<ThrottleSizes> {
    return this.store.size();
  }
}

/** The key itself, or when long a hash of it, so stored keys are at most MAX_KEY_CHARS whatever was typed. */
export function boundedKey(raw: string): string {
  return raw.length > MAX_KEY_CHARS ? `#${createHash("sha256").update(raw).digest("base64url")}` : raw;
}

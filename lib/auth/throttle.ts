/**
 * Slows down and then stops password guessing, per account and per address.
 *
 * Each key (e.g. `account:x@y`, `ip:1.2.3.4`) counts failed sign-ins. After
 * the first failure every further attempt waits a growing delay; at the
 * key's limit it is locked for a while. An attempt still being checked
 * counts against the limit, so parallel guesses cannot slip past it.
 * In memory: a restart forgets, which is acceptable for a team dashboard.
 */
export type ThrottleRule = {
  /** Failures that lock the key. */
  maxFailures: number;
  /** How long a lock lasts. */
  lockMs: number;
};

export type ThrottleConfig = {
  /** Per key kind: the part of the key before the first ":". */
  rules: Record<string, ThrottleRule>;
  /** Delay before checking after the first failure; doubles with each further one. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Failures older than this (with no lock) are forgotten. */
  forgetAfterMs: number;
  /** Bound on remembered keys, so a flood of made-up accounts cannot exhaust memory. */
  maxKeys: number;
};

export const DEFAULT_THROTTLE: ThrottleConfig = {
  rules: {
    account: { maxFailures: 5, lockMs: 15 * 60_000 },
    // Higher for addresses: a whole office may sign in from one NAT address.
    ip: { maxFailures: 20, lockMs: 15 * 60_000 },
  },
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  forgetAfterMs: 15 * 60_000,
  maxKeys: 10_000,
};

type Entry = { failures: number; inFlight: number; lastFailureAt: number; lockedUntil: number };

export type Attempt =
  | { allowed: false; retryAfterMs: number }
  | {
      allowed: true;
      delayMs: number;
      /** Clears the failures of the given keys (the account, not the address). */
      succeed(resetKeys: readonly string[]): void;
      fail(): void;
    };

export class SignInThrottle {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly config: ThrottleConfig = DEFAULT_THROTTLE,
    private readonly now: () => number = Date.now,
  ) {}

  begin(keys: readonly string[]): Attempt {
    const now = this.now();
    const entries = keys.map((key) => this.fresh(key, now));
    const retryAfterMs = Math.max(
      0,
      ...entries.map(({ key, entry }) => {
        if (entry.lockedUntil > now) return entry.lockedUntil - now;
        // Pending attempts count too: otherwise N parallel requests get N guesses.
        return entry.failures + entry.inFlight >= this.rule(key).maxFailures ? 1_000 : 0;
      }),
    );
    if (retryAfterMs > 0) return { allowed: false, retryAfterMs };

    for (const { entry } of entries) entry.inFlight += 1;
    const failures = Math.max(0, ...entries.map(({ entry }) => entry.failures));
    let done = false;
    const finish = (update: (key: string, entry: Entry) => void) => {
      if (done) return;
      done = true;
      for (const { key, entry } of entries) {
        entry.inFlight = Math.max(0, entry.inFlight - 1);
        update(key, entry);
      }
      this.prune();
    };
    return {
      allowed: true,
      delayMs: this.delayFor(failures),
      succeed: (resetKeys) =>
        finish((key, entry) => {
          if (resetKeys.includes(key)) Object.assign(entry, { failures: 0, lockedUntil: 0 });
        }),
      fail: () =>
        finish((key, entry) => {
          const at = this.now();
          entry.failures += 1;
          entry.lastFailureAt = at;
          if (entry.failures >= this.rule(key).maxFailures) entry.lockedUntil = at + this.rule(key).lockMs;
        }),
    };
  }

  /** For tests and diagnostics. */
  failuresOf(key: string): number {
    return this.entries.get(key)?.failures ?? 0;
  }

  private delayFor(failures: number): number {
    if (failures <= 0) return 0;
    return Math.min(this.config.maxDelayMs, this.config.baseDelayMs * 2 ** (failures - 1));
  }

  private rule(key: string): ThrottleRule {
    const kind = key.slice(0, key.indexOf(":"));
    return this.config.rules[kind] ?? this.config.rules.account ?? DEFAULT_THROTTLE.rules.account!;
  }

  /** The key's entry, with an expired lock or stale failures already forgotten. */
  private fresh(key: string, now: number): { key: string; entry: Entry } {
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { failures: 0, inFlight: 0, lastFailureAt: 0, lockedUntil: 0 };
      this.entries.set(key, entry);
    } else if (
      (entry.lockedUntil > 0 && entry.lockedUntil <= now) ||
      (entry.lockedUntil === 0 && now - entry.lastFailureAt > this.config.forgetAfterMs)
    ) {
      Object.assign(entry, { failures: 0, lockedUntil: 0 });
    }
    return { key, entry };
  }

  private prune(): void {
    if (this.entries.size <= this.config.maxKeys) return;
    const now = this.now();
    for (const [key, entry] of this.entries) {
      const idle = entry.inFlight === 0 && entry.lockedUntil <= now;
      if (idle && (entry.failures === 0 || now - entry.lastFailureAt > this.config.forgetAfterMs)) this.entries.delete(key);
    }
    // Still too many: drop the oldest idle ones (Map keeps insertion order); locks survive.
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= this.config.maxKeys) break;
      if (entry.inFlight === 0 && entry.lockedUntil <= now) this.entries.delete(key);
    }
  }
}

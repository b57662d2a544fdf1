import { createHash } from "node:crypto";

/**
 * Slows down and stops password guessing without letting anyone lock a
 * person out from somewhere else. Three tables, each of fixed size:
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
 * slip past a limit. In memory: a restart forgets, acceptable for a team dashboard.
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
  /** Entries per table; the least recently used goes first, so memory is fixed whatever the traffic. */
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

/**
 * The shape used before pair locks existed (`rules.account` locked the account
 * everywhere). Still accepted so older callers keep working; `rules.account`
 * becomes the pair rule, which is what an account lock should have been.
 */
type LegacyConfig = { rules?: { account?: LockRule; ip?: LockRule } };

/** Keys longer than this are stored as a hash: a key's size never depends on the input's. */
const MAX_KEY_CHARS = 64;
/** An attempt that never reported back (a hung request) stops counting after this. */
const STALE_IN_FLIGHT_MS = 60_000;
/** How far from the oldest end eviction looks for an entry that is neither locked nor in use. */
const EVICTION_SCAN = 32;

type Entry = { failures: number; inFlight: number; lastFailureAt: number; lockedUntil: number; touchedAt: number; trustedUntil: number };

export type Attempt =
  | { allowed: false; retryAfterMs: number }
  | {
      allowed: true;
      /** Sleep this long before checking the password (the account's slow-down). */
      delayMs: number;
      succeed(): void;
      fail(): void;
      /** Our fault (e.g. a broken users file): counts for nobody. */
      abandon(): void;
    };

export class SignInThrottle {
  private readonly config: ThrottleConfig;
  private readonly pairs: BoundedTable;
  private readonly ips: BoundedTable;
  private readonly accounts: BoundedTable;

  constructor(
    config: (Partial<ThrottleConfig> & LegacyConfig) | undefined = DEFAULT_THROTTLE,
    private readonly now: () => number = Date.now,
  ) {
    const { rules, ...rest } = config;
    this.config = { ...DEFAULT_THROTTLE, ...(rules?.account && { pair: rules.account }), ...(rules?.ip && { ip: rules.ip }), ...rest };
    this.pairs = new BoundedTable(this.config.maxKeys);
    this.ips = new BoundedTable(this.config.maxKeys);
    this.accounts = new BoundedTable(this.config.maxKeys);
  }

  begin({ address, account }: { address: string; account: string }): Attempt {
    const now = this.now();
    const c = this.config;
    const pairKey = `${address}|${account}`;
    // Looked at without being added: a refused attempt costs us nothing and cannot push others' state out.
    const seenPair = this.fresh(this.pairs, pairKey, now, false);
    const seenIp = this.fresh(this.ips, address, now, false);
    const retryAfterMs = Math.max(
      seenPair ? Math.max(this.lockWait(seenPair, c.pair, now), this.pairWait(seenPair, now)) : 0,
      seenIp ? this.lockWait(seenIp, c.ip, now) : 0,
    );
    if (retryAfterMs > 0) return { allowed: false, retryAfterMs };

    const pair = this.fresh(this.pairs, pairKey, now, true);
    const ip = this.fresh(this.ips, address, now, true);
    const acc = this.fresh(this.accounts, account, now, true);
    const over = acc.failures + acc.inFlight - c.accountFreeFailures;
    const trusted = pair.trustedUntil > now;
    const delayMs = trusted || over < 0 ? 0 : Math.min(c.accountMaxDelayMs, c.baseDelayMs * 2 ** over);

    const entries = [pair, ip, acc];
    for (const e of entries) Object.assign(e, { inFlight: e.inFlight + 1, touchedAt: now });
    let done = false;
    const finish = (update: () => void) => {
      if (done) return;
      done = true;
      for (const e of entries) e.inFlight = Math.max(0, e.inFlight - 1);
      update();
    };
    return {
      allowed: true,
      delayMs,
      // The account's failures stay: the real person signing in must not lift the slow-down off an attack.
      succeed: () => finish(() => Object.assign(pair, { failures: 0, lockedUntil: 0, trustedUntil: this.now() + c.trustMs })),
      fail: () =>
        finish(() => {
          const at = this.now();
          this.recordFailure(pair, c.pair, at);
          this.recordFailure(ip, c.ip, at);
          this.recordFailure(acc, undefined, at);
        }),
      abandon: () => finish(() => undefined),
    };
  }

  /** Entries held, per table: for tests and diagnostics. */
  size(): { pairs: number; ips: number; accounts: number; keyChars: number } {
    const tables = [this.pairs, this.ips, this.accounts];
    return { pairs: this.pairs.size, ips: this.ips.size, accounts: this.accounts.size, keyChars: tables.reduce((n, t) => n + t.keyChars(), 0) };
  }

  private recordFailure(entry: Entry, rule: LockRule | undefined, at: number): void {
    entry.failures += 1;
    entry.lastFailureAt = at;
    if (rule && entry.failures >= rule.maxFailures) entry.lockedUntil = at + rule.lockMs;
  }

  private lockWait(entry: Entry, rule: LockRule, now: number): number {
    if (entry.lockedUntil > now) return entry.lockedUntil - now;
    // Pending attempts count too: otherwise N parallel requests get N guesses.
    return entry.failures + entry.inFlight >= rule.maxFailures ? 1_000 : 0;
  }

  /** One try at a time per address and account, and a growing pause after each failure. */
  private pairWait(pair: Entry, now: number): number {
    if (pair.inFlight > 0) return 1_000;
    if (pair.failures === 0 || this.config.baseDelayMs <= 0) return 0;
    const wait = Math.min(this.config.maxDelayMs, this.config.baseDelayMs * 2 ** (pair.failures - 1));
    return Math.max(0, pair.lastFailureAt + wait - now);
  }

  /** The key's entry, with an expired lock, stale failures or a hung attempt already forgotten. */
  private fresh(table: BoundedTable, key: string, now: number, create: true): Entry;
  private fresh(table: BoundedTable, key: string, now: number, create: false): Entry | undefined;
  private fresh(table: BoundedTable, key: string, now: number, create: boolean): Entry | undefined {
    const entry = table.get(key, now, create);
    if (!entry) return undefined;
    if ((entry.lockedUntil > 0 && entry.lockedUntil <= now) || (entry.lockedUntil === 0 && now - entry.lastFailureAt > this.config.forgetAfterMs)) {
      Object.assign(entry, { failures: 0, lockedUntil: 0 });
    }
    if (entry.inFlight > 0 && now - entry.touchedAt > STALE_IN_FLIGHT_MS) entry.inFlight = 0;
    return entry;
  }
}

/** A Map used as an LRU of at most `max` entries with keys of at most MAX_KEY_CHARS. */
class BoundedTable {
  private readonly map = new Map<string, Entry>();
  constructor(private readonly max: number) {}

  get size(): number {
    return this.map.size;
  }

  /** The entry, made most recently used; created (evicting one if full) only when `create`. */
  get(rawKey: string, now: number, create: boolean): Entry | undefined {
    const key = rawKey.length > MAX_KEY_CHARS ? `#${createHash("sha256").update(rawKey).digest("base64url")}` : rawKey;
    let entry = this.map.get(key);
    if (entry) this.map.delete(key);
    else if (!create) return undefined;
    else {
      entry = { failures: 0, inFlight: 0, lastFailureAt: 0, lockedUntil: 0, touchedAt: now, trustedUntil: 0 };
      if (this.map.size >= this.max) this.evict(now);
    }
    this.map.set(key, entry); // re-inserted: Map order is recency order
    return entry;
  }

  keyChars(): number {
    let n = 0;
    for (const key of this.map.keys()) n += key.length;
    return n;
  }

  /** Prefers an idle entry near the old end, so a flood is less likely to wipe out locks; always frees one. */
  private evict(now: number): void {
    let scanned = 0;
    let oldest: string | undefined;
    for (const [key, e] of this.map) {
      oldest ??= key;
      if (e.inFlight === 0 && e.lockedUntil <= now && e.trustedUntil <= now) {
        this.map.delete(key);
        return;
      }
      if (++scanned >= EVICTION_SCAN) break;
    }
    if (oldest !== undefined) this.map.delete(oldest);
  }
}

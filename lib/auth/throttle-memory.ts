import { STALE_IN_FLIGHT_MS, type AttemptKeys, type LockRule, type Outcome, type StoreDecision, type ThrottleConfig, type ThrottleSizes, type ThrottleStore } from "./throttle-store";

/**
 * The throttle's tables in this process (the embedded mode, one instance):
 * a restart forgets, acceptable for a team dashboard. Each table is an LRU of
 * at most `maxKeys` entries. throttle-redis-lua.ts applies the same rules in
 * Redis; keep the two in step (test/contracts/sign-in-throttle.ts runs against both).
 */
type Entry = { failures: number; inFlight: number; lastFailureAt: number; lockedUntil: number; touchedAt: number; trustedUntil: number };

/** How far from the oldest end eviction looks for an entry that is neither locked nor in use. */
const EVICTION_SCAN = 32;

export class MemoryThrottleStore implements ThrottleStore {
  private readonly pairs: BoundedTable;
  private readonly ips: BoundedTable;
  private readonly accounts: BoundedTable;

  constructor(maxKeys: number) {
    this.pairs = new BoundedTable(maxKeys);
    this.ips = new BoundedTable(maxKeys);
    this.accounts = new BoundedTable(maxKeys);
  }

  // Sync work inside an async method: begin() has counted the attempt before it returns its promise.
  async begin(keys: AttemptKeys, now: number, c: ThrottleConfig): Promise<StoreDecision> {
        // Looked at without being added: a refused attempt costs us nothing and cannot push others' state out.
    const seenPair = fresh(this.pairs, keys.pair, now, c, false);
    const seenIp = fresh(this.ips, keys.ip, now, c, false);
    const retryAfterMs = Math.max(
      seenPair ? Math.max(lockWait(seenPair, c.pair, now), pairWait(seenPair, now, c)) : 0,
      seenIp ? lockWait(seenIp, c.ip, now) : 0,
    );
    if (retryAfterMs > 0) return { allowed: false, retryAfterMs };

    const pair = fresh(this.pairs, keys.pair, now, c, true);
    const ip = fresh(this.ips, keys.ip, now, c, true);
    const acc = fresh(this.accounts, keys.account, now, c, true);
    const over = acc.failures + acc.inFlight - c.accountFreeFailures;
    const trusted = pair.trustedUntil > now;
    const delayMs = trusted || over < 0 ? 0 : Math.min(c.accountMaxDelayMs, c.baseDelayMs * 2 ** over);

    const entries = [pair, ip, acc];
    for (const e of entries) Object.assign(e, { inFlight: e.inFlight + 1, touchedAt: now });
    const finish = async (outcome: Outcome, at: number) => {
      for (const e of entries) e.inFlight = Math.max(0, e.inFlight - 1);
      // The account's failures stay on success: the real person signing in must not lift the slow-down off an attack.
      if (outcome === "succeed") Object.assign(pair, { failures: 0, lockedUntil: 0, trustedUntil: at + c.trustMs });
      if (outcome === "fail") {
        recordFailure(pair, c.pair, at);
        recordFailure(ip, c.ip, at);
        recordFailure(acc, undefined, at);
      }
    };
    return { allowed: true, delayMs, finish };
  }

  async size(): Promise<ThrottleSizes> {
    const all = [this.pairs, this.ips, this.accounts];
    return { pairs: this.pairs.size, ips: this.ips.size, accounts: this.accounts.size, keyChars: all.reduce((n, x) => n + x.keyChars(), 0) };
  }
}

function recordFailure(entry: Entry, rule: LockRule | undefined, at: number): void {
  entry.failures += 1;
  entry.lastFailureAt = at;
  if (rule && entry.failures >= rule.maxFailures) entry.lockedUntil = at + rule.lockMs;
}

function lockWait(entry: Entry, rule: LockRule, now: number): number {
  if (entry.lockedUntil > now) return entry.lockedUntil - now;
  // Pending attempts count too: otherwise N parallel requests get N guesses.
  return entry.failures + entry.inFlight >= rule.maxFailures ? 1_000 : 0;
}

/** One try at a time per address and account, and a growing pause after each failure. */
function pairWait(pair: Entry, now: number, c: ThrottleConfig): number {
  if (pair.inFlight > 0) return 1_000;
  if (pair.failures === 0 || c.baseDelayMs <= 0) return 0;
  const wait = Math.min(c.maxDelayMs, c.baseDelayMs * 2 ** (pair.failures - 1));
  return Math.max(0, pair.lastFailureAt + wait - now);
}

/** The key's entry, with an expired lock, stale failures or a hung attempt already forgotten. */
function fresh(table: BoundedTable, key: string, now: number, c: ThrottleConfig, create: true): Entry;
function fresh(table: BoundedTable, key: string, now: number, c: ThrottleConfig, create: false): Entry | undefined;
function fresh(table: BoundedTable, key: string, now: number, c: ThrottleConfig, create: boolean): Entry | undefined {
  const entry = table.get(key, now, create);
  if (!entry) return undefined;
  if ((entry.lockedUntil > 0 && entry.lockedUntil <= now) || (entry.lockedUntil === 0 && now - entry.lastFailureAt > c.forgetAfterMs)) {
    Object.assign(entry, { failures: 0, lockedUntil: 0 });
  }
  if (entry.inFlight > 0 && now - entry.touchedAt > STALE_IN_FLIGHT_MS) entry.inFlight = 0;
  return entry;
}

/** A Map used as an LRU of at most `max` entries. */
class BoundedTable {
  private readonly map = new Map<string, Entry>();
  constructor(private readonly max: number) {}

  get size(): number {
    return this.map.size;
  }

  /** The entry, made most recently used; created (evicting one if full) only when `create`. */
  get(key: string, now: number, create: boolean): Entry | undefined {
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

import "server-only";
import type { Entry, Invalidation, LruCache } from "./cache";
import type { Clock } from "./clock";
import { BudgetRefusal } from "./errors";
import type { LoadContext, ReadSpec } from "./gateway";
import type { Claim, SharedCache } from "./shared-cache";

/**
 * The gateway's reads in production mode: its LRU stays L1 (served at once
 * while the subscription guarantees no invalidation passed unheard), the
 * SharedCache is L2 and the place where instances agree on who loads a key.
 * Split from gateway.ts so the embedded path there stays as it was.
 */

/** A key's recorded failure, and when it may be tried again. */
export type Failure = { error: unknown; retryAt: number };

/** The key's load failed (here or on another instance) and its cooldown runs until `retryAt`. */
export class CoolingDown extends Error {
  constructor(
    readonly error: unknown,
    readonly retryAt: number,
  ) {
    super("cooling down after an upstream failure");
  }
}

/** An entry that should replace `current` in L1: newer, or the same answer with another freshness (L2 is the authority). */
export function supersedes(entry: Entry<unknown>, current: Entry<unknown> | undefined): boolean {
  return !current || entry.fetchedAt > current.fetchedAt || (entry.fetchedAt === current.fetchedAt && entry.freshUntil !== current.freshUntil);
}

/** What of the gateway a shared read uses. */
export type ReadHost = {
  cache: LruCache;
  clock: Clock;
  /** The entry a load's value becomes (TTL, stretching, clock alignment). */
  entryOf<T>(spec: ReadSpec<T>, value: T): Entry<T>;
  context<T>(spec: ReadSpec<T>, previous: Entry<T> | undefined): LoadContext<T>;
  /** Records a failed load here (404 drop, cooldown) and says what to record in Redis. */
  failed<T>(spec: ReadSpec<T>, e: unknown): { mode: "drop" | "fail" | "none"; retryAt?: number };
  succeeded(key: string): void;
  /** Applies another instance's invalidation here (L1, in-flight joins, failures). */
  invalidated(tag: string, how: Invalidation): void;
  /** Forgets every failure recorded here. */
  forgetFailures(): void;
};

export class SharedReads {
  constructor(
    private readonly shared: SharedCache,
    private readonly h: ReadHost,
    maxStaleMs: number,
  ) {
    shared.attach(h.clock, maxStaleMs, {
      invalidated: (tag, how) => h.invalidated(tag, how),
      // Our own invalidation coming back: whatever was mirrored from notes sent before it is pre-decision.
      echoed: (tag, how) => h.cache.evict(tag, how),
      loaded: (key, entry) => {
        if (supersedes(entry, this.peek(key))) h.cache.set(key, entry);
      },
      // Notes may have been missed: nothing in L1 can be trusted any more.
      reset: () => {
        h.cache.clear();
        h.forgetFailures();
      },
    });
  }

  private peek<T>(key: string): Entry<T> | undefined {
    return this.h.cache.has(key) ? this.h.cache.get<T>(key) : undefined;
  }

  /**
   * Brings the key's L2 entry into L1 when it is newer and returns the key's
   * shared failure, unless L1 has a fresh entry it can trust. Waits first for
   * this instance's own invalidations to reach Redis, so L2 cannot hand back
   * what was just invalidated here.
   */
  async lookup(key: string): Promise<Failure | undefined> {
    await this.shared.settled();
    const trusted = this.shared.listening;
    const l1 = this.peek(key);
    if (trusted && l1 && this.h.clock.now() < l1.freshUntil) return undefined;
    const mark = this.h.cache.mark();
    const found = await this.shared.lookup(key);
    this.merge(key, found.entry, mark, trusted);
    return found.failure;
  }

  /**
   * An L2 entry into L1, unless one of its tags was invalidated while it was
   * on its way (the invalidation note may overtake the reply). Without a
   * subscription L1 may hold what others invalidated: L2 then simply wins.
   */
  private merge(key: string, entry: Entry<unknown> | undefined, mark: number, trusted = true): void {
    if (!entry) {
      if (!trusted) this.h.cache.delete(key);
      return;
    }
    if (this.h.cache.invalidatedSince(entry.tags, mark)) return;
    if (!trusted || supersedes(entry, this.peek(key))) this.h.cache.set(key, entry);
  }

  /**
   * One load per key across instances: the claim's holder loads and stores;
   * the others wait for its note (polling meanwhile) and look again, taking
   * over once its lease lapses. Readers with a stale answer are not held up
   * by this: `Gateway.read` bounds their wait with the refresh grace.
   */
  async load<T>(spec: ReadSpec<T>): Promise<Entry<T>> {
    const ear = this.shared.listenForLoad(spec.key);
    try {
      for (;;) {
        const mark = this.h.cache.mark();
        const claim: Claim<T> = await this.shared.claim<T>(spec.key, this.h.clock.now());
        if (claim.kind !== "busy") this.merge(spec.key, claim.entry, mark);
        if (claim.kind === "fresh") return claim.entry;
        if (claim.kind === "failed") throw new CoolingDown(claim.failure.error, claim.failure.retryAt);
        if (claim.kind === "claimed") return await this.loadAsHolder(spec, claim, mark);
        const end = await ear.next(claim.leaseUntil - this.h.clock.now());
        if (end?.error) {
          // As when joining in one process: a background load gives up at once when tokens are short; a person may wait more.
          const retryOwn = end.error instanceof BudgetRefusal && end.lane === "background" && spec.priority === "interactive";
          if (!retryOwn) throw end.retryAt !== undefined ? new CoolingDown(end.error, end.retryAt) : end.error;
        }
        // The holder's entry came with its note: no need to ask Redis again.
        const mirrored = this.peek<T>(spec.key);
        if (end?.stored && mirrored && this.h.clock.now() < mirrored.freshUntil) return mirrored;
      }
    } finally {
      ear.stop();
    }
  }

  private async loadAsHolder<T>(spec: ReadSpec<T>, claim: Extract<Claim<T>, { kind: "claimed" }>, mark: number): Promise<Entry<T>> {
    const stopRenewing = this.shared.keepClaim(spec.key, claim.token);
    try {
      let entry: Entry<T>;
      try {
        entry = this.h.entryOf(spec, await spec.load(this.h.context(spec, this.peek<T>(spec.key))));
      } catch (e) {
        const left = this.h.failed(spec, e);
        await this.shared.abandon(spec.key, claim.token, spec.tags, { ...left, error: e, lane: spec.priority });
        throw e;
      }
      // Checked here for this instance's invalidations, in Redis for everyone's (atomically with the store).
      const keep = !this.h.cache.invalidatedSince(spec.tags, mark);
      if (await this.shared.complete(spec.key, claim, keep ? entry : undefined, spec.tags)) this.h.cache.set(spec.key, entry);
      this.h.succeeded(spec.key);
      return entry;
    } finally {
      stopRenewing();
    }
  }
}

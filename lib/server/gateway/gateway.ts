import "server-only";
import type { DataResponse } from "@/lib/api/envelope";
import type { CallOptions } from "@/lib/server/upstream";
import { UpstreamContractError, UpstreamHttpError, UpstreamUnavailableError } from "@/lib/server/upstream/errors";
import { Budget, defaultLimits, type BudgetLike, type BudgetLimits, type Lane } from "./budget";
import { LruCache, wasInvalidated, type Entry, type Invalidation } from "./cache";
import { Caller, DEFAULT_RETRY, type RetryMode, type RetryPolicy } from "./caller";
import { systemClock, type Clock } from "./clock";
import { BudgetRefusal, toExhausted } from "./errors";
import { cacheRequests } from "./series";
import { spentWindow } from "./spent-window";

/** A key's last failed load, and when it may be tried again. */
type Failure = { error: unknown; retryAt: number };

export type Priority = "interactive" | "background";

export type GatewayOptions = {
  clock?: Clock;
  /** Per-minute and hourly limits; reserves default from them (see defaultLimits). */
  limits?: Partial<BudgetLimits> & Pick<BudgetLimits, "readsPerMinute" | "writesPerMinute" | "requestsPerHour">;
  /** LRU bound of the cache (entries). */
  maxEntries?: number;
  /** How long an interactive read with nothing to fall back on may wait for a token. */
  interactiveWaitMs?: number;
  /** The same, when a stale answer is at hand: better to show it at once. */
  staleWaitMs?: number;
  retry?: Partial<RetryPolicy>;
  /** After an upstream failure of a key, its next attempt is not before this (stale is served meanwhile). */
  failureCooldownMs?: number;
  /**
   * Stale-while-revalidate: how long a reader with an expired answer at hand
   * waits for its refresh before being answered with it, marked stale (the
   * refresh goes on and is stored for the next reader). See `read`.
   */
  refreshGraceMs?: number;
  random?: () => number;
  /** The request budget to pay from (production mode: a RedisBudget shared by every instance); default: one of this process, from `limits`. */
  budget?: BudgetLike;
};

export type LoadContext<T> = {
  /** The last good value of this key, fresh or not: the base of an incremental refresh. */
  previous?: Entry<T>;
  /** One upstream request, paid from the budget of the reading lane, with GET retries. */
  call<U>(op: string, fn: (o: CallOptions) => Promise<U>): Promise<U>;
};

export type ReadSpec<T> = {
  op: string;
  key: string;
  ttlMs: number;
  tags: readonly string[];
  priority: Priority;
  load: (ctx: LoadContext<T>) => Promise<T>;
};

type InFlight = { promise: Promise<Entry<unknown>>; lane: Lane; tags: readonly string[]; id: object };

/** How long a write may wait for a token. */
const WRITE_WAIT_MS = 3000;
/** A last good answer older than this is no longer served, even as stale. */
const MAX_STALE_MS = 24 * 3_600_000;

/** Failures the last good answer may stand in for; anything else (404, 409, 400, 403…) passes through. */
function maskable(e: unknown): boolean {
  if (e instanceof BudgetRefusal || e instanceof UpstreamUnavailableError || e instanceof UpstreamContractError) return true;
  return e instanceof UpstreamHttpError && (e.status === 429 || e.status >= 500);
}

/**
 * Cache, in-flight joining, stale serving and the budget in one place. Every
 * upstream request of the app goes through one instance (see upstream-service).
 * The cache is this process's memory in front of the database, which is what
 * instances share (the service keeps every answer a page reads there); only
 * the budget spans instances (a RedisBudget in production mode), because the
 * upstream's limits are the API key's, whichever instance spends them.
 */
export class Gateway {
  readonly clock: Clock;
  readonly budget: BudgetLike;
  /** The cache of this process, in front of the database. */
  readonly cache: LruCache;
  private readonly caller: Caller;
  private readonly inflight = new Map<string, InFlight>();
  /** Keys whose last attempt failed, and when to try again. Bounded like the cache. */
  private readonly failures = new LruCache(2000);
  private readonly o: Required<Omit<GatewayOptions, "clock" | "limits" | "maxEntries" | "retry" | "budget">>;

  constructor(options: GatewayOptions = {}) {
    this.clock = options.clock ?? systemClock;
    const l = options.limits ?? { readsPerMinute: 60, writesPerMinute: 30, requestsPerHour: 1000 };
    this.budget = options.budget ?? new Budget({ ...defaultLimits(l.readsPerMinute, l.writesPerMinute, l.requestsPerHour), ...l }, this.clock);
    this.cache = new LruCache(options.maxEntries ?? 1000);
    this.o = {
      interactiveWaitMs: options.interactiveWaitMs ?? 2500,
      staleWaitMs: options.staleWaitMs ?? 300,
      failureCooldownMs: options.failureCooldownMs ?? 15_000,
      refreshGraceMs: options.refreshGraceMs ?? 400,
      random: options.random ?? Math.random,
    };
    this.caller = new Caller(this.budget, this.clock, { ...DEFAULT_RETRY, ...options.retry }, this.o.random);
  }

  /**
   * When less than half of the hourly budget is left, answers stay fresh
   * twice as long (four times below a quarter): the hour then runs out
   * gradually instead of all at once, and people see slightly older data
   * rather than stale-marked data.
   */
  stretch(): number {
    const share = this.budget.snapshot().hourly / this.budget.limits.requestsPerHour;
    return share >= 0.5 ? 1 : share >= 0.25 ? 2 : 4;
  }

  /**
   * A fresh answer from the cache; else the refresh of the key (one per key,
   * joined by every reader). A reader who has a servable stale answer waits
   * for that refresh only `refreshGraceMs` (a fast upstream still gives
   * everyone fresh data), then gets the stale answer while the refresh goes on
   * in the background; only a reader with nothing to serve waits it out.
   */
  async read<T>(spec: ReadSpec<T>): Promise<DataResponse<T>> {
    const now = this.clock.now();
    const cached = this.cache.get<T>(spec.key);
    if (cached && now < cached.freshUntil) {
      cacheRequests.inc({ operation: spec.op, result: "hit" });
      return this.answer(cached);
    }
    const stale = cached && this.servableWhileRefreshing(cached, now) ? cached : undefined;
    const graceUntil = stale ? now + this.o.refreshGraceMs : undefined;
    const joined = this.inflight.get(spec.key);
    if (joined) {
      cacheRequests.inc({ operation: spec.op, result: "joined" });
      try {
        const entry = await this.within(joined.promise as Promise<Entry<T>>, graceUntil);
        return entry ? this.answer(entry) : this.staleAnswer(spec.op, stale as Entry<T>, this.clock.now());
      } catch (e) {
        // A background load gives up at once when tokens are short; a person may wait a little more.
        const retryOwn = e instanceof BudgetRefusal && joined.lane === "background" && spec.priority === "interactive";
        if (!retryOwn) return this.fallback(spec, e);
      }
    }
    const failed = this.failures.get<Failure>(spec.key)?.value;
    if (failed && now < failed.retryAt) return this.fallback(spec, failed.error, failed.retryAt);

    cacheRequests.inc({ operation: spec.op, result: "miss" });
    try {
      const entry = await this.within(this.start(spec, cached), graceUntil);
      return entry ? this.answer(entry) : this.staleAnswer(spec.op, stale as Entry<T>, this.clock.now());
    } catch (e) {
      return this.fallback(spec, e);
    }
  }

  /**
   * Whether an expired entry may be answered while its refresh runs. Not one
   * a decision invalidated ("expire" keeps it only as the base of an
   * incremental refresh): showing it would undo the decision on screen.
   */
  private servableWhileRefreshing(entry: Entry<unknown>, now: number): boolean {
    return !wasInvalidated(entry) && now - entry.fetchedAt <= MAX_STALE_MS;
  }

  /**
   * The refresh's entry, or undefined when `until` (clock time) passes first.
   * Without `until` it simply waits. A refresh that fails after the reader
   * was answered is not lost: `start` has recorded it (cooldown, 404).
   */
  private within<T>(refresh: Promise<Entry<T>>, until: number | undefined): Promise<Entry<T> | undefined> {
    if (until === undefined) return refresh;
    return new Promise((resolve, reject) => {
      const cancel = this.clock.setTimer(() => resolve(undefined), until - this.clock.now());
      refresh.then(
        (entry) => (cancel(), resolve(entry)),
        (e: unknown) => (cancel(), reject(e)),
      );
    });
  }

  /** A held answer marked stale, with when a new one is expected (an expired answer while its refresh runs: at once). */
  private staleAnswer<T>(op: string, entry: Entry<T>, retryAt: number): DataResponse<T> {
    cacheRequests.inc({ operation: op, result: "stale" });
    return { data: entry.value, meta: { stale: true, fetchedAt: new Date(entry.fetchedAt).toISOString(), retryAt: new Date(retryAt).toISOString() } };
  }

  private answer<T>(entry: Entry<T>): DataResponse<T> {
    return { data: entry.value, meta: { stale: false, fetchedAt: new Date(entry.fetchedAt).toISOString() } };
  }

  private loadContext<T>(spec: ReadSpec<T>, previous: Entry<T> | undefined): LoadContext<T> {
    const lane: Lane = spec.priority;
    // Only a reader with a stale answer to fall back on waits briefly; an entry a decision expired is not one.
    const fallsBack = previous !== undefined && !wasInvalidated(previous);
    const maxWaitMs = lane === "background" ? 0 : fallsBack ? this.o.staleWaitMs : this.o.interactiveWaitMs;
    return {
      previous,
      call: (op, fn) => this.caller.call({ op, lane, maxWaitMs, retry: "get" }, fn),
    };
  }

  private entryOf<T>(spec: ReadSpec<T>, value: T): Entry<T> {
    const at = this.clock.now();
    const freshUntil = at + spec.ttlMs * this.stretch();
    return { value, fetchedAt: at, freshUntil, tags: spec.tags };
  }

  /** What a failed load leaves behind: a 404 drops the key, an outage starts a cooldown (stale is served meanwhile). */
  private recordFailure<T>(spec: ReadSpec<T>, e: unknown): { mode: "drop" | "fail" | "none"; retryAt?: number } {
    if (e instanceof UpstreamHttpError && e.status === 404) {
      this.cache.delete(spec.key);
      return { mode: "drop" };
    }
    if (maskable(e) && !(e instanceof BudgetRefusal) && !(e instanceof UpstreamHttpError && e.status === 429)) {
      const retryAt = this.clock.now() + this.o.failureCooldownMs;
      this.failures.set(spec.key, { value: { error: e, retryAt }, fetchedAt: 0, freshUntil: retryAt, tags: spec.tags });
      return { mode: "fail", retryAt };
    }
    return { mode: "none" };
  }

  /** The key's load, joined by every reader of this instance. */
  private start<T>(spec: ReadSpec<T>, previous: Entry<T> | undefined): Promise<Entry<T>> {
    const id = {};
    const promise = (async () => {
      try {
        return await this.loadHere(spec, previous);
      } finally {
        if (this.inflight.get(spec.key)?.id === id) this.inflight.delete(spec.key);
      }
    })();
    this.inflight.set(spec.key, { promise, lane: spec.priority, tags: spec.tags, id });
    return promise;
  }

  private async loadHere<T>(spec: ReadSpec<T>, previous: Entry<T> | undefined): Promise<Entry<T>> {
    const mark = this.cache.mark();
    try {
      const entry = this.entryOf(spec, await spec.load(this.loadContext(spec, previous)));
      // A decision made while this was in flight may have changed the answer: do not keep it.
      if (!this.cache.invalidatedSince(spec.tags, mark)) this.cache.set(spec.key, entry);
      this.failures.delete(spec.key);
      return entry;
    } catch (e) {
      this.recordFailure(spec, e);
      throw e;
    }
  }

  /** The last good answer marked stale, or a typed error when there is none. */
  private fallback<T>(spec: ReadSpec<T>, e: unknown, knownRetryAt?: number): DataResponse<T> {
    if (!maskable(e)) throw e;
    const now = this.clock.now();
    const retryAt = knownRetryAt ?? this.retryAtFor(e, now);
    const last = this.cache.get<T>(spec.key);
    // Never an entry a decision expired: it would show the decided post as still waiting.
    if (last && this.servableWhileRefreshing(last, now)) return this.staleAnswer(spec.op, last, retryAt);
    throw this.exhausted(e, spec.priority, now, retryAt);
  }

  /** A budget refusal or an upstream 429 as the BudgetExhaustedError a person is shown (when the lane's next token is due); any other error as it is. */
  private exhausted(e: unknown, lane: Lane, now = this.clock.now(), retryAt = this.retryAtFor(e, now)): unknown {
    if (!(e instanceof BudgetRefusal || (e instanceof UpstreamHttpError && e.status === 429))) return e;
    return toExhausted(retryAt, now, spentWindow(this.budget, lane, retryAt, now));
  }

  private retryAtFor(e: unknown, now: number): number {
    if (e instanceof BudgetRefusal) return e.retryAt;
    if (e instanceof UpstreamHttpError && e.status === 429) return Math.max(this.budget.pausedUntilMs ?? 0, now + 1000);
    return now + this.o.failureCooldownMs;
  }

  /** One uncached request (a fresh read or a write); budget refusals and 429s become BudgetExhaustedError. */
  async direct<T>(op: string, lane: Lane, retry: RetryMode, fn: (o: CallOptions) => Promise<T>, waitMs?: number): Promise<T> {
    const maxWaitMs = waitMs ?? (lane === "write" || lane === "confirm" ? WRITE_WAIT_MS : lane === "interactive" ? this.o.interactiveWaitMs : 0);
    try {
      return await this.caller.call({ op, lane, maxWaitMs, retry }, fn);
    } catch (e) {
      throw this.exhausted(e, lane);
    }
  }

  /** Stores a value learned outside `read` (e.g. a fresh read of a post). */
  store<T>(key: string, value: T, ttlMs: number, tags: readonly string[]): void {
    const at = this.clock.now();
    const entry = { value, fetchedAt: at, freshUntil: at + ttlMs, tags };
    this.cache.set(key, entry);
    this.failures.delete(key);
  }

  /**
   * Puts back a last good answer kept in the database (read by another
   * instance, or before a restart) with its own age, when this instance holds
   * none or an older one: served fresh within its TTL, else as the base a
   * refresh replaces.
   */
  seed<T>(key: string, value: T, fetchedAt: number, ttlMs: number, tags: readonly string[]): void {
    const held = this.cache.has(key) ? this.cache.get<T>(key) : undefined;
    if (held && held.fetchedAt >= fetchedAt) return;
    this.cache.set(key, { value, fetchedAt, freshUntil: fetchedAt + ttlMs, tags });
  }

  /** Keeps a cached answer fresh until `until` (never shortens it); used when other data vouches for it. */
  extend(key: string, until: number): void {
    const entry = this.cache.has(key) ? this.cache.get<unknown>(key) : undefined;
    if (entry && until > entry.freshUntil) entry.freshUntil = until;
  }

  peek<T>(key: string): Entry<T> | undefined {
    return this.cache.has(key) ? this.cache.get<T>(key) : undefined;
  }

  /** The held answer of a key past its freshness that may still be shown (not withdrawn by a decision, not too old). */
  expired<T>(key: string): Entry<T> | undefined {
    const held = this.peek<T>(key);
    const now = this.clock.now();
    return held && now >= held.freshUntil && this.servableWhileRefreshing(held, now) ? held : undefined;
  }

  /**
   * A held answer as it is, with its age: marked stale only when something
   * failed (the key's last load, or a 429 pause), since an answer waiting
   * for its turn to be read again is not a failure.
   */
  held<T>(op: string, key: string, entry: Entry<T>): DataResponse<T> {
    const now = this.clock.now();
    const failed = this.failures.get<Failure>(key)?.value;
    const retryAt = Math.max(failed && now < failed.retryAt ? failed.retryAt : 0, this.budget.pausedUntilMs ?? 0);
    cacheRequests.inc({ operation: op, result: "stale" });
    const fetchedAt = new Date(entry.fetchedAt).toISOString();
    return retryAt > now ? { data: entry.value, meta: { stale: true, fetchedAt, retryAt: new Date(retryAt).toISOString() } } : { data: entry.value, meta: { stale: false, fetchedAt } };
  }

  /**
   * The key read again now in the spec's lane, joined with a load under way;
   * the new entry, or the failure (recorded as `read` records it). A key in
   * its failure cooldown is not tried: the failure is thrown again.
   */
  async reload<T>(spec: ReadSpec<T>): Promise<Entry<T>> {
    const failed = this.failures.get<Failure>(spec.key)?.value;
    if (failed && this.clock.now() < failed.retryAt) throw failed.error;
    try {
      const joined = this.inflight.get(spec.key);
      return await ((joined?.promise as Promise<Entry<T>> | undefined) ?? this.start(spec, this.peek<T>(spec.key)));
    } catch (e) {
      // A refusal as `direct` gives it: when the lane's next token is due.
      throw this.exhausted(e, spec.priority);
    }
  }

  /** Drops (or expires) a tag's entries; loads of it already in flight are no longer joined. */
  invalidate(tag: string, how: Invalidation = "drop"): void {
    this.cache.invalidate(tag, how);
    for (const [key, f] of this.inflight) if (f.tags.includes(tag)) this.inflight.delete(key);
    this.failures.invalidate(tag);
  }
}

export function createGateway(options: GatewayOptions = {}): Gateway {
  return new Gateway(options);
}

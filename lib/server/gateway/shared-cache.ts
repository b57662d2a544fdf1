import "server-only";
import { randomUUID } from "node:crypto";
import type Redis from "ioredis";
import { log } from "@/lib/server/log";
import { StoreUnavailableError, viaRedis } from "@/lib/server/redis";
import type { Entry, Invalidation } from "./cache";
import type { Clock } from "./clock";
import { ABANDON, CLAIM, COMPLETE, EXTEND, INVALIDATE, LOOKUP, PUT, RENEW } from "./shared-scripts";
import {
  decodeEntry,
  encodeEntry,
  encodeFailure,
  fromWire,
  noteEntry,
  storedNote,
  toWire,
  type Note,
  type SharedFailure,
} from "./shared-wire";

/**
 * The Redis tier of the gateway's cache, shared by every instance on one API
 * key (production mode). The gateway keeps its LRU as L1 and asks this for:
 * - the entry and failure cooldown of a key (L2);
 * - a claim on a key's load: one instance loads, the others wait for its
 *   "loaded" note (or poll) and take over when its lease lapses;
 * - the store of a loaded entry, refused atomically when one of its tags was
 *   invalidated after the load began (a shared sequence, see shared-scripts);
 * - invalidations, applied in Redis and announced on a channel so every
 *   instance drops them from its L1 at once.
 * Redis being unreachable surfaces as StoreUnavailableError (a 503
 * `store_unavailable`), never as a quiet per-process cache.
 */
export type SharedCacheOptions = {
  /** The command connection (`redis()` in the app). */
  redis: Redis;
  /** A connection for SUBSCRIBE only (`redisSubscriber()` in the app); listeners are added, never removed from others. */
  subscriber: Redis;
  /** Key prefix, e.g. `redisKey("cache")`; one per dashboard (and per test). */
  prefix: string;
  /** A lock holder renews its claim every third of this (clock time); waiters take over after it lapses. */
  leaseMs?: number;
  /** How often a waiter looks at Redis when no "loaded" note came (clock time). */
  pollMs?: number;
  /** GC TTL of entries in Redis (real time). The gateway sets it from its maxStaleMs. */
  entryGcMs?: number;
  /** Values up to this size (characters of JSON) travel in the "loaded" note, so other L1s mirror them without a round trip. */
  maxNoteBytes?: number;
};

export type SharedListener = {
  invalidated(tag: string, how: Invalidation): void;
  /** This instance's own invalidation, heard back: it is now applied everywhere. */
  echoed(tag: string, how: Invalidation): void;
  /** Another instance stored `entry` under `key`. */
  loaded(key: string, entry: Entry<unknown>): void;
  /** The subscription was lost or re-established: notes may have been missed, L1 cannot be trusted. */
  reset(): void;
};

export type Lookup<T> = { entry?: Entry<T>; failure?: SharedFailure };

export type Claim<T> =
  | { kind: "fresh"; entry: Entry<T> }
  | { kind: "failed"; entry?: Entry<T>; failure: SharedFailure }
  | { kind: "busy"; leaseUntil: number }
  | { kind: "claimed"; entry?: Entry<T>; token: string; mark: string };

/** How a holder's load ended, as told to the instances waiting for it. */
export type LoadEnd = { stored: boolean; error?: Error; retryAt?: number; lane?: string };

export type LoadEar = { next(ms: number): Promise<LoadEnd | undefined>; stop(): void };

const SEQ_GC_MS = 3_600_000;

type Raw = (string | null)[];

export class SharedCache {
  readonly origin = randomUUID().slice(0, 8);
  readonly channel: string;
  private readonly o: Required<Omit<SharedCacheOptions, "redis" | "subscriber" | "prefix">>;
  private readonly redis: Redis;
  private readonly subscriber: Redis;
  private readonly p: string;
  private clock?: Clock;
  private listener?: SharedListener;
  private subscribed = false;
  private readonly waiters = new Map<string, Set<(end: LoadEnd) => void>>();
  private readonly pending = new Set<Promise<unknown>>();
  /** Invalidations Redis did not take (it was down): retried every second and before the next read, which fails until then. */
  private unsent: { tag: string; how: Invalidation }[] = [];
  private readonly detach: (() => void)[] = [];

  constructor(options: SharedCacheOptions) {
    this.redis = options.redis;
    this.subscriber = options.subscriber;
    this.p = options.prefix;
    this.channel = `${options.prefix}:notes`;
    this.o = {
      leaseMs: options.leaseMs ?? 10_000,
      pollMs: options.pollMs ?? 250,
      entryGcMs: options.entryGcMs ?? 24 * 3_600_000,
      maxNoteBytes: options.maxNoteBytes ?? 256 * 1024,
    };
  }

  get leaseMs(): number {
    return this.o.leaseMs;
  }

  /** True while L1 may be trusted: subscribed, so no invalidation can pass unheard. */
  get listening(): boolean {
    return this.subscribed && this.subscriber.status === "ready";
  }

  /** Called once by the gateway that owns this tier. */
  attach(clock: Clock, entryGcMs: number, listener: SharedListener): void {
    if (this.listener) throw new Error("a SharedCache serves one gateway");
    this.clock = clock;
    this.o.entryGcMs = Math.max(this.o.entryGcMs, entryGcMs);
    this.listener = listener;
    const onMessage = (channel: string, message: string) => {
      if (channel === this.channel) this.onNote(message);
    };
    const onClose = () => {
      if (!this.subscribed) return;
      this.subscribed = false;
      listener.reset();
    };
    // ioredis resubscribes by itself after a reconnect, but says nothing when done: subscribe again and know.
    const onReady = () => void this.subscribe();
    this.subscriber.on("message", onMessage);
    this.subscriber.on("close", onClose);
    this.subscriber.on("ready", onReady);
    this.detach.push(
      () => this.subscriber.off("message", onMessage),
      () => this.subscriber.off("close", onClose),
      () => this.subscriber.off("ready", onReady),
    );
    if (this.subscriber.status === "ready") void this.subscribe();
  }

  /** Resolves once subscribed (tests and the benchmark start reading after it); rejects after `ms` of real time. */
  async ready(ms = 10_000): Promise<void> {
    const end = performance.now() + ms;
    while (!this.listening) {
      if (performance.now() > end) throw new StoreUnavailableError(`shared cache: not subscribed to ${this.channel} after ${ms} ms`);
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  private async subscribe(): Promise<void> {
    try {
      await this.subscriber.subscribe(this.channel);
      // Whatever happened while we were not listening is unknown: start L1 afresh.
      this.subscribed = true;
      this.listener?.reset();
    } catch (e) {
      log.warn("shared cache: subscribe failed; L1 stays untrusted", { error: e instanceof Error ? e.message : String(e) });
    }
  }

  private onNote(message: string): void {
    let note: Note;
    try {
      note = JSON.parse(message) as Note;
    } catch {
      return;
    }
    if (note.k === "load") {
      const set = this.waiters.get(note.key);
      if (set) {
        const end: LoadEnd = {
          stored: note.stored,
          ...(note.err ? { error: fromWire(note.err) } : {}),
          ...(note.retryAt !== undefined ? { retryAt: note.retryAt } : {}),
          ...(note.lane ? { lane: note.lane } : {}),
        };
        for (const hear of [...set]) hear(end);
      }
      const entry = noteEntry(note);
      if (note.o !== this.origin && entry) this.listener?.loaded(note.key, entry);
    } else if (note.k === "inv") {
      if (note.o === this.origin) this.listener?.echoed(note.tag, note.how);
      else this.listener?.invalidated(note.tag, note.how);
    }
  }

  private k(kind: "e" | "t" | "s" | "l" | "f", name: string): string {
    return `${this.p}:${kind}:${name}`;
  }

  private eval(what: string, script: string, keys: string[], args: (string | number)[]): Promise<unknown> {
    // EVAL (not EVALSHA with a NOSCRIPT retry): commands on one connection then run in the order sent.
    return viaRedis(`cache ${what}`, () => this.redis.eval(script, keys.length, ...keys, ...args));
  }

  async lookup<T>(key: string): Promise<Lookup<T>> {
    const [e, f] = (await this.eval("lookup", LOOKUP, [this.k("e", key), this.k("f", key)], [])) as [Raw, Raw];
    const entry = decodeEntry<T>(e);
    const failure = failureOf(f);
    return { ...(entry ? { entry } : {}), ...(failure ? { failure } : {}) };
  }

  /** A fresh entry, a failure cooling down, someone else's load, or the right (and duty) to load. */
  async claim<T>(key: string, now: number): Promise<Claim<T>> {
    const token = randomUUID();
    const [kind, e, f, extra] = (await this.eval(
      "claim",
      CLAIM,
      [this.k("e", key), this.k("f", key), this.k("l", key), `${this.p}:seq`],
      [now, token, now + this.o.leaseMs, this.lockGcMs()],
    )) as [string, Raw | null, Raw | null, string | null];
    const entry = decodeEntry<T>(e);
    const has = entry ? { entry } : {};
    if (kind === "fresh") {
      // Entries are written whole (DEL + HSET of all fields), so this means another writer on our keys.
      if (!entry) throw new Error(`shared cache: ${this.k("e", key)} is fresh but incomplete`);
      return { kind, entry };
    }
    if (kind === "failed") return { kind, ...has, failure: failureOf(f) as SharedFailure };
    if (kind === "busy") return { kind, leaseUntil: Number(extra) };
    return { kind: "claimed", ...has, token, mark: extra ?? "0" };
  }

  /** Keeps a claim alive while its load runs; returns the cancel. */
  keepClaim(key: string, token: string): () => void {
    const clock = this.clock as Clock;
    let cancel = () => {};
    const tick = () => {
      this.track(this.eval("renew", RENEW, [this.k("l", key)], [token, clock.now() + this.o.leaseMs, this.lockGcMs()]), "renew");
      cancel = clock.setTimer(tick, this.o.leaseMs / 3);
    };
    cancel = clock.setTimer(tick, this.o.leaseMs / 3);
    return () => cancel();
  }

  /** Stores a holder's entry (undefined: loaded, but not to be kept). True when stored. */
  async complete(key: string, claim: { token: string; mark: string }, entry: Entry<unknown> | undefined, tags: readonly string[]): Promise<boolean> {
    const enc = entry ? encodeEntry(entry) : { v: "null", f: "0", u: "0", t: "[]" };
    const carry = enc.v.length <= this.o.maxNoteBytes;
    const notStored = JSON.stringify({ o: this.origin, k: "load", key, stored: false });
    const stored = await this.eval(
      "store",
      COMPLETE,
      [this.k("e", key), this.k("f", key), this.k("l", key), ...tags.map((t) => this.k("s", t)), ...tags.map((t) => this.k("t", t))],
      [claim.token, claim.mark, entry ? "1" : "0", enc.v, enc.f, enc.u, enc.t, this.o.entryGcMs, key, this.channel,
        storedNote(this.origin, key, enc, carry), notStored, tags.length],
    );
    return stored === 1;
  }

  /** A holder's load failed: drop the key (404), record a shared cooldown, or just release; waiters hear why. */
  async abandon(key: string, token: string, tags: readonly string[], how: { mode: "drop" | "fail" | "none"; error: unknown; retryAt?: number; lane: string }): Promise<void> {
    const note = JSON.stringify({
      o: this.origin, k: "load", key, stored: false, err: toWire(how.error), lane: how.lane,
      ...(how.retryAt !== undefined ? { retryAt: how.retryAt } : {}),
    });
    const failureGc = Math.max(1000, (how.retryAt ?? 0) - (this.clock as Clock).now() + 60_000);
    await this.eval(
      "abandon",
      ABANDON,
      [this.k("e", key), this.k("f", key), this.k("l", key), ...tags.map((t) => this.k("t", t))],
      [token, how.mode, how.retryAt ?? 0, how.mode === "fail" ? encodeFailure(how.error, how.retryAt ?? 0) : "", failureGc, key, this.channel, note, tags.length],
    );
  }

  /**
   * Starts listening for the ends of `key`'s loads on other instances, before
   * a claim: a note that arrives while the claim is on its way is kept, not
   * missed. `next` gives the next one, or undefined after `ms` (clock time, at
   * most the poll interval).
   */
  listenForLoad(key: string): LoadEar {
    let heard: LoadEnd | undefined;
    let got = false;
    let waiting: ((end: LoadEnd | undefined) => void) | undefined;
    let cancelTimer = () => {};
    let set = this.waiters.get(key);
    if (!set) this.waiters.set(key, (set = new Set()));
    const hear = (end: LoadEnd | undefined) => {
      if (waiting) {
        const w = waiting;
        waiting = undefined;
        cancelTimer();
        w(end);
      } else if (end) {
        heard = end;
        got = true;
      }
    };
    set.add(hear);
    return {
      next: (ms) =>
        new Promise((resolve) => {
          if (got) {
            got = false;
            return resolve(heard);
          }
          waiting = resolve;
          cancelTimer = (this.clock as Clock).setTimer(() => hear(undefined), Math.max(1, Math.min(ms, this.o.pollMs)));
        }),
      stop: () => {
        cancelTimer();
        set.delete(hear);
        if (set.size === 0 && this.waiters.get(key) === set) this.waiters.delete(key);
        waiting?.(undefined);
      },
    };
  }

  /** Write-through of Gateway.store; other instances mirror it from the note. */
  put(key: string, entry: Entry<unknown>): void {
    const enc = encodeEntry(entry);
    const note = storedNote(this.origin, key, enc, enc.v.length <= this.o.maxNoteBytes);
    this.track(
      this.eval("put", PUT, [this.k("e", key), this.k("f", key), ...entry.tags.map((t) => this.k("t", t))],
        [enc.v, enc.f, enc.u, enc.t, this.o.entryGcMs, key, this.channel, note, entry.tags.length]),
      "put",
    );
  }

  extend(key: string, until: number): void {
    this.track(this.eval("extend", EXTEND, [this.k("e", key)], [until]), "extend");
  }

  /** Applies in Redis and tells the others; the caller has applied it to its own L1 already. */
  invalidate(tag: string, how: Invalidation): void {
    const p = this.sendInvalidation(tag, how).catch((e: unknown) => {
      // Not lost: retried every second, and before this instance reads again (see settled).
      this.unsent.push({ tag, how });
      log.error("shared cache: invalidation not applied in redis; retrying", { tag, error: String(e) });
      this.retryLater();
    });
    this.track(p, "invalidate");
  }

  private retrying = false;

  private retryLater(): void {
    if (this.retrying || !this.clock) return;
    this.retrying = true;
    this.clock.setTimer(() => {
      this.retrying = false;
      if (this.listener) this.settled().catch(() => this.retryLater());
    }, 1000);
  }

  private sendInvalidation(tag: string, how: Invalidation): Promise<unknown> {
    const note = JSON.stringify({ o: this.origin, k: "inv", tag, how });
    return this.eval("invalidate", INVALIDATE, [`${this.p}:seq`, this.k("s", tag), this.k("t", tag)], [
      how, `${this.p}:e:`, `${this.p}:f:`, `${this.p}:l:`, SEQ_GC_MS, this.channel, note,
    ]);
  }

  /**
   * Waits for this instance's writes and invalidations to reach Redis, so a
   * read never finds in L2 what this instance has just invalidated. Throws
   * StoreUnavailableError while invalidations cannot be delivered.
   */
  async settled(): Promise<void> {
    if (this.pending.size) await Promise.allSettled([...this.pending]);
    while (this.unsent.length) {
      const next = this.unsent[0] as { tag: string; how: Invalidation };
      await this.sendInvalidation(next.tag, next.how);
      this.unsent.shift();
    }
  }

  /** Redis operations of this tier not yet answered (tests and the crowd runner wait for none). */
  get inFlight(): number {
    return this.pending.size;
  }

  private track(p: Promise<unknown>, what: string): void {
    // Fire-and-forget writes (store, extend, renew) only cost sharing when lost; reads then fail loudly.
    const q = p.then(
      () => undefined,
      (e: unknown) => log.warn(`shared cache: ${what} failed`, { error: e instanceof Error ? e.message : String(e) }),
    );
    this.pending.add(q);
    void q.finally(() => this.pending.delete(q));
  }

  private lockGcMs(): number {
    return Math.max(60_000, this.o.leaseMs * 3);
  }

  /** Stops listening (the connections belong to the caller). */
  close(): void {
    for (const d of this.detach.splice(0)) d();
    this.subscribed = false;
    this.listener = undefined;
    this.waiters.clear();
  }
}

function failureOf(raw: Raw | null | undefined): SharedFailure | undefined {
  const [at, err] = raw ?? [];
  if (!at || !err) return undefined;
  const f = JSON.parse(err) as { error: Parameters<typeof fromWire>[0] };
  return { retryAt: Number(at), error: fromWire(f.error) };
}

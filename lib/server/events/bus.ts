import "server-only";
import { randomBytes } from "node:crypto";
import { EventEmitter } from "node:events";
import type Redis from "ioredis";
import { parseDelivery, type DashboardEvent, type Delivery } from "@/lib/events/schema";
import { log } from "@/lib/server/log";
import { StoreUnavailableError } from "@/lib/server/redis";

/** Production mode: a command connection to publish on, and a subscriber connection (SUBSCRIBE only). */
export type RedisLink = { publisher: Redis; subscriber: Redis; channel: string };

/**
 * Replay is for a reconnect a few seconds after a drop; a tab away longer
 * refetches what it shows instead (resync), which costs about the same.
 */
const REPLAY_MAX = 256;
const REPLAY_MS = 5 * 60_000;

const newId = () => randomBytes(9).toString("base64url");

type Recent = Delivery & { at: number };
type Signals = { event: [Delivery]; down: [] };

/**
 * One process's event bus. In-process without a RedisLink; with one, every
 * publication goes through the Redis channel and comes back to every
 * instance's bus (this one included), so all instances see the same events in
 * the same order, which is what lets a stream resume on any of them.
 */
export class EventBus {
  private readonly emitter = new EventEmitter<Signals>();
  private recent: Recent[] = [];
  /** Names the start of `recent`: an id given out before anything was kept. */
  private epoch = newId();
  private trimmed = false;
  /** The newest event pruned from `recent`: everything kept came after it, so it still resumes. */
  private lastDropped: string | undefined;
  private subscribing: Promise<void> | undefined;

  constructor(private readonly link?: RedisLink) {
    this.emitter.setMaxListeners(0); // one listener per open page
    if (!link) return;
    link.subscriber.on("message", (channel: string, message: string) => {
      if (channel === link.channel) this.receive(message);
    });
    // Events published while the subscription is down are lost: streams end, so
    // their pages poll and then resync, rather than trust a quiet stream.
    link.subscriber.on("close", () => {
      if (!this.subscribing) return;
      this.subscribing = undefined;
      this.forget();
      this.emitter.emit("down");
    });
  }

  /** Never throws: an event is a hint, and pages poll when hints are lost. */
  publish(event: DashboardEvent): void {
    const delivery: Delivery = { id: newId(), event };
    if (!this.link) return this.deliver(delivery);
    try {
      this.link.publisher.publish(this.link.channel, JSON.stringify(delivery)).catch((e: unknown) => this.publishFailed(delivery, e));
    } catch (e) {
      this.publishFailed(delivery, e);
    }
  }

  /**
   * Resolves once events from every instance arrive here; StoreUnavailableError
   * when Redis does not take the subscription (the stream then answers 503).
   */
  async ready(): Promise<void> {
    if (!this.link) return;
    const { subscriber, channel } = this.link;
    this.subscribing ??= connected(subscriber).then(() => subscriber.subscribe(channel)).then(() => undefined);
    try {
      await this.subscribing;
    } catch (e) {
      this.subscribing = undefined;
      throw new StoreUnavailableError(`redis subscribe failed: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
    }
  }

  /** Every delivery with its id; a listener that throws is logged, never felt by the publisher. */
  subscribe(listener: (delivery: Delivery) => void): () => void {
    const safe = (d: Delivery) => {
      try {
        listener(d);
      } catch (e) {
        log.error("event listener failed", { type: d.event.type, error: e instanceof Error ? e : String(e) });
      }
    };
    this.emitter.on("event", safe);
    return () => this.emitter.off("event", safe);
  }

  /** Called when the Redis subscription drops (never in embedded mode). */
  onDown(listener: () => void): () => void {
    this.emitter.on("down", listener);
    return () => this.emitter.off("down", listener);
  }

  /** The id a stream starting now resumes from. */
  head(): string {
    // After a quiet spell pruned every event, the last of them, not the epoch (which no longer names the start).
    return this.recent.at(-1)?.id ?? this.lastDropped ?? this.epoch;
  }

  /** What came after `id`, or null when that is not known here (too old, another instance's epoch, a gap). */
  since(id: string, now = Date.now()): Delivery[] | null {
    this.prune(now);
    if (id === this.epoch) return this.trimmed ? null : this.recent.map(strip);
    if (id === this.lastDropped) return this.recent.map(strip);
    const at = this.recent.findIndex((r) => r.id === id);
    return at < 0 ? null : this.recent.slice(at + 1).map(strip);
  }

  /**
   * Whether a recent event already said this post changed (to this status,
   * when given): a list refresh that finds a decision's or a notification's
   * change must not announce it twice, which would make every page refetch twice.
   */
  announced(taskId: number, status?: string, now = Date.now()): boolean {
    this.prune(now);
    return this.recent.some((r) => r.event.type === "post" && r.event.task_id === taskId && (status === undefined || r.event.status === status));
  }

  private receive(message: string): void {
    const delivery = parseDelivery(message);
    if (!delivery) return void log.warn("malformed event on the redis channel dropped", { length: message.length });
    this.deliver(delivery);
  }

  private deliver(delivery: Delivery): void {
    const now = Date.now();
    this.recent.push({ ...delivery, at: now });
    this.prune(now);
    this.emitter.emit("event", delivery);
  }

  private publishFailed(delivery: Delivery, e: unknown): void {
    log.warn("event not published through redis: delivered on this instance only", { type: delivery.event.type, error: e instanceof Error ? e.message : String(e) });
    this.deliver(delivery);
  }

  private prune(now: number): void {
    const keepFrom = this.recent.findIndex((r) => now - r.at <= REPLAY_MS);
    const drop = Math.max(keepFrom < 0 ? this.recent.length : keepFrom, this.recent.length - REPLAY_MAX);
    if (drop <= 0) return;
    this.lastDropped = this.recent[drop - 1]?.id;
    this.recent = this.recent.slice(drop);
    this.trimmed = true;
  }

  private forget(): void {
    this.recent = [];
    this.epoch = newId();
    this.trimmed = false;
    this.lastDropped = undefined;
  }
}

/**
 * A connection still being made is waited for (briefly): commands are not
 * queued offline, and the first stream after start-up must not fail. One that
 * lost Redis fails at once; its retry loop brings it back.
 */
function connected(r: Redis, timeoutMs = 2_000): Promise<void> {
  if (r.status === "ready") return Promise.resolve();
  if (r.status !== "connecting" && r.status !== "connect" && r.status !== "wait") return Promise.reject(new Error(`connection is ${r.status}`));
  if (r.status === "wait") r.connect().catch(() => undefined);
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      clearTimeout(timer);
      r.off("ready", onReady);
      r.off("close", onClose);
      if (error) reject(error);
      else resolve();
    };
    const onReady = () => done();
    const onClose = () => done(new Error("connection closed"));
    const timer = setTimeout(() => done(new Error("not connected in time")), timeoutMs);
    r.once("ready", onReady);
    r.once("close", onClose);
  });
}

const strip = ({ id, event }: Recent): Delivery => ({ id, event });

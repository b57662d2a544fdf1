import { EventEmitter } from "node:events";
import { randomBytes } from "node:crypto";
import type Redis from "ioredis";
import { Post } from "@/lib/schemas";
import { log } from "@/lib/server/log";

/**
 * What the instances' schedulers must agree on besides the cached data, so
 * that they draw the same plan and poll at the same moments (scheduler.ts):
 * which campaigns people are looking at, and when each campaign was last
 * notified (a webhook reaches one instance; every inbox must show it and
 * postpone the same poll, including an instance that starts later).
 * In memory for one process; in Redis in production mode.
 */
export type SharedState = { watched: Set<number>; notifiedAt: Map<number, number> };

export interface InboxSignals {
  /** Marks campaigns as looked at until `until` (scheduler clock, ms). */
  watch(ids: readonly number[], until: number): void;
  /** What every instance knows of these campaigns. */
  state(ids: readonly number[], now: number): Promise<SharedState>;
  /** Hands a notification received at `at` to every instance's scheduler (this one's at once). */
  notify(post: Post, at: number): void;
  onNotify(listener: (post: Post, at: number) => void): () => void;
}

export class MemorySignals implements InboxSignals {
  private readonly marks = new Map<number, number>();
  private readonly notified = new Map<number, number>();
  private readonly emitter = new EventEmitter<{ post: [Post, number] }>();

  watch(ids: readonly number[], until: number): void {
    for (const id of ids) this.marks.set(id, Math.max(this.marks.get(id) ?? 0, until));
  }

  async state(ids: readonly number[], now: number): Promise<SharedState> {
    const notifiedAt = new Map<number, number>();
    for (const id of ids) {
      const at = this.notified.get(id);
      if (at !== undefined) notifiedAt.set(id, at);
    }
    return { watched: new Set(ids.filter((id) => (this.marks.get(id) ?? 0) > now)), notifiedAt };
  }

  notify(post: Post, at: number): void {
    this.notified.set(post.campaign_id, Math.max(this.notified.get(post.campaign_id) ?? 0, at));
    this.emitter.emit("post", post, at);
  }

  onNotify(listener: (post: Post, at: number) => void): () => void {
    this.emitter.on("post", listener);
    return () => this.emitter.off("post", listener);
  }
}

/** Keys outlive their meaning by far in Redis's own clock; their values are compared with ours. */
const KEY_TTL_MS = 15 * 60_000;

type Wire = { from: string; post: unknown; at: number };

/**
 * Production mode: a mark is a key holding its end time, a notification's
 * time a key per campaign; the notification itself goes out on one channel
 * (applied by the instance that got it at once, ignored when it comes back).
 * A Redis failure costs freshness, never budget: without marks no one gets
 * the looked-at boost, without notification times polls are not postponed.
 */
export class RedisSignals implements InboxSignals {
  private readonly local = new MemorySignals();
  private readonly self = randomBytes(6).toString("hex");
  private readonly channel: string;
  private subscribed = false;

  constructor(private readonly o: { redis: Redis; subscriber: Redis; prefix: string }) {
    this.channel = `${o.prefix}:notify`;
  }

  private key(kind: "watch" | "notified", id: number): string {
    return `${this.o.prefix}:${kind}:${id}`;
  }

  watch(ids: readonly number[], until: number): void {
    if (ids.length === 0) return;
    const batch = this.o.redis.multi();
    for (const id of ids) batch.set(this.key("watch", id), String(until), "PX", KEY_TTL_MS);
    batch.exec().catch((e: unknown) => log.warn("inbox watch marks not written", { error: String(e) }));
  }

  async state(ids: readonly number[], now: number): Promise<SharedState> {
    const state: SharedState = { watched: new Set(), notifiedAt: new Map() };
    if (ids.length === 0) return state;
    try {
      const values = await this.o.redis.mget([...ids.map((id) => this.key("watch", id)), ...ids.map((id) => this.key("notified", id))]);
      ids.forEach((id, i) => {
        if (Number(values[i] ?? 0) > now) state.watched.add(id);
        const at = Number(values[ids.length + i] ?? Number.NaN);
        if (Number.isFinite(at)) state.notifiedAt.set(id, at);
      });
    } catch (e) {
      log.warn("inbox shared state not read", { error: String(e) });
    }
    return state;
  }

  notify(post: Post, at: number): void {
    this.local.notify(post, at);
    const batch = this.o.redis.multi();
    batch.set(this.key("notified", post.campaign_id), String(at), "PX", KEY_TTL_MS);
    batch.publish(this.channel, JSON.stringify({ from: this.self, post, at } satisfies Wire));
    batch.exec().catch((e: unknown) => log.warn("inbox notification not shared", { error: String(e) }));
  }

  onNotify(listener: (post: Post, at: number) => void): () => void {
    this.subscribe();
    return this.local.onNotify(listener);
  }

  private subscribe(): void {
    if (this.subscribed) return;
    this.subscribed = true;
    const { subscriber } = this.o;
    subscriber.on("message", (channel: string, message: string) => {
      if (channel !== this.channel) return;
      const wire = safeJson(message) as Partial<Wire> | undefined;
      if (!wire || wire.from === this.self || typeof wire.at !== "number") return;
      const post = Post.safeParse(wire.post);
      if (post.success) this.local.notify(post.data, wire.at);
    });
    // A connection still being made refuses commands (no offline queue): subscribe once it is ready;
    // after a drop, ioredis subscribes again by itself.
    const join = () => void subscriber.subscribe(this.channel).catch((e: unknown) => log.warn("inbox notifications not subscribed", { error: String(e) }));
    if (subscriber.status === "ready") join();
    else subscriber.once("ready", join);
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

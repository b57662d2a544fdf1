import "server-only";
import type { Kysely } from "kysely";
import type { Database } from "@/lib/server/db";
import type { Clock } from "@/lib/server/gateway/clock";
import type { Service } from "@/lib/server/service/service";
import { METRIC_TYPES } from "@/lib/schemas/values";
import { BudgetExhaustedError } from "@/lib/server/gateway/errors";
import { UpstreamHttpError } from "@/lib/server/upstream/errors";
import { describeCollectorError, type CollectorError } from "./error-kind";
import { spendingAs } from "@/lib/server/gateway/spend-by-kind";
import { CAMPAIGNS_EVERY_MS, HOUR_MS, collectEveryMs, listEveryMs } from "./cadence";
import { fromEngagement, fromHistory } from "./snapshots";
import {
  claimNext,
  failItem,
  finishItem,
  iso,
  payExtra,
  recordSnapshots,
  retirePosts,
  upsertList,
  upsertPosts,
  type CollectorItem,
} from "./store";

/**
 * The engagement collector: reads published posts' metrics in the background
 * into the local time series (metric_snapshots), so pages answer trends from
 * the database and not with upstream calls per view.
 *
 * Work comes from a list in the database shared by every instance
 * (store.ts): the campaigns list, each campaign's published posts (through
 * the service's cached, incrementally synced view, the same one the
 * engagement page reads), each post's current values (by age, cadence.ts) and
 * a one-time history backfill per post. Items are claimed with a lease, so two
 * instances never collect the same post, and every claim moves one pacing row
 * by the item's cost in call slots of `hour / (hourlyBudget × share)`: all
 * instances together make at most `share` of the hourly cap, evenly spread.
 * Reads go through the service in the background lane: people's page loads
 * go first, and a refused read is simply tried again later.
 */
export type CollectorService = Pick<Service, "campaigns" | "campaignPosts" | "postEngagement" | "postEngagementHistory">;

export type CollectorConfig = {
  hourlyBudget: number;
  /** Share of the hourly cap the collector may spend (COLLECTOR_BUDGET_SHARE); 0 turns it off. */
  budgetShare: number;
  /** How long a claim holds (longer than the slowest item's calls). */
  leaseMs: number;
  /** Longest sleep while nothing is due (new posts registered by pages are noticed then). */
  idleRecheckMs: number;
};

export const DEFAULT_COLLECTOR_CONFIG: CollectorConfig = { hourlyBudget: 1000, budgetShare: 0.2, leaseMs: 2 * 60_000, idleRecheckMs: 60_000 };

export type CollectorDeps = {
  service: CollectorService;
  db: Kysely<Database>;
  clock: Clock;
  config: CollectorConfig;
  /** Names this instance in leases. */
  owner: string;
};

export const PUBLISHED = ["PUBLISHED", "PARTIALLY_PUBLISHED"] as const;
/** The most calls one item makes: a list's refresh (a `since` call, then up to five pages: the service mirrors 500 posts). */
export const MAX_ITEM_CALLS = 6;
const ALL_CAMPAIGN_STATUSES = ["ACTIVE", "FROZEN", "COMPLETED", "DRAFT"] as const;

export class Collector {
  private running = false;
  private busy = false;
  private cancel?: () => void;
  /** Call slots this instance paid, last hour (for the health screen). */
  private slots: number[] = [];
  private campaignStatus = new Map<number, string>();
  lastRunAt: number | null = null;
  /** What the last claim gave: an item, a wait for the pacing, or nothing due. */
  lastClaim: "item" | "wait" | "idle" | null = null;
  lastError: CollectorError | null = null;
  /** Items done, for tests and the benchmark. */
  readonly done: { key: string; at: number }[] = [];

  constructor(private readonly d: CollectorDeps) {}

  /**
   * One call slot. An item's calls go out together (a history backfill's
   * five, a list's pages) and are paid by moving the pacing after them, so a
   * sliding hour can hold up to MAX_ITEM_CALLS − 1 calls more than it has
   * slots; the slots are sized for the share minus that, so no hour ever
   * holds more than the share.
   */
  get intervalMs(): number {
    return HOUR_MS / Math.max(1, this.d.config.hourlyBudget * this.d.config.budgetShare - (MAX_ITEM_CALLS - 1));
  }

  get isRunning(): boolean {
    return this.running;
  }

  callsLastHour(): number {
    const since = this.d.clock.now() - HOUR_MS;
    this.slots = this.slots.filter((t) => t > since);
    return this.slots.length;
  }

  start(): void {
    if (this.running || this.d.config.budgetShare <= 0) return;
    this.running = true;
    void upsertList(this.d.db, "campaigns", "campaigns", null, this.d.clock.now())
      .catch((e: unknown) => this.noteError(e))
      .finally(() => this.schedule(0));
  }

  stop(): void {
    this.running = false;
    this.cancel?.();
    this.cancel = undefined;
  }

  /** Look at the work list now (a page registered new posts). */
  wake(): void {
    if (this.running && !this.busy) this.schedule(0);
  }

  private schedule(ms: number): void {
    this.cancel?.();
    if (!this.running) return;
    this.cancel = this.d.clock.setTimer(() => void this.tick(), ms);
  }

  /** One claim and, if granted, its item; then the next tick is timed by what the claim said. */
  async tick(): Promise<void> {
    if (!this.running || this.busy) return;
    const nextMs = await this.step();
    this.schedule(nextMs);
  }

  /**
   * One claim and, if granted, its item. Returns how long to wait before the
   * next one: 0 after an item, the pacing's wait, or the idle recheck. Tests
   * and the benchmark drive it directly on a fake clock.
   */
  async step(): Promise<number> {
    if (this.busy) return 0;
    this.busy = true;
    let nextMs = 0;
    try {
      const now = this.d.clock.now();
      const claim = await claimNext(this.d.db, { owner: this.d.owner, nowMs: now, leaseMs: this.d.config.leaseMs, intervalMs: this.intervalMs });
      this.lastClaim = claim.kind;
      if (claim.kind === "item") {
        for (let i = 0; i < claim.item.cost; i++) this.slots.push(now);
        await this.runItem(claim.item);
      } else if (claim.kind === "wait") {
        nextMs = claim.untilMs - now;
      } else {
        nextMs = Math.min(this.d.config.idleRecheckMs, (claim.recheckAtMs ?? Infinity) - now);
      }
    } catch (e) {
      this.noteError(e);
      nextMs = 5_000;
    } finally {
      this.busy = false;
    }
    return Math.max(0, nextMs);
  }

  /** Seeds the work list (the campaigns list) without starting the timers: tests and the benchmark step by hand. */
  async seed(): Promise<void> {
    await upsertList(this.d.db, "campaigns", "campaigns", null, this.d.clock.now());
  }

  private noteError(e: unknown): void {
    this.lastError = describeCollectorError(e, this.d.clock.now());
  }

  private async runItem(item: CollectorItem): Promise<void> {
    const { db, owner } = this.d;
    const started = this.d.clock.now();
    try {
      // Its upstream reads are the collector's on the health screen's spend by kind.
      const result = await spendingAs("collector", () => this.work(item, started));
      await finishItem(db, item.key, owner, { nowMs: this.d.clock.now(), nextDueMs: result.nextDueMs, cost: result.cost });
      if (result.cost !== undefined && result.cost > item.cost) {
        for (let i = item.cost; i < result.cost; i++) this.slots.push(started);
        await payExtra(db, result.cost - item.cost, this.intervalMs, this.d.clock.now());
      }
      this.lastRunAt = this.d.clock.now();
      this.done.push({ key: item.key, at: started });
    } catch (e) {
      // A post or campaign that no longer exists is dropped; anything else is tried later.
      if (e instanceof UpstreamHttpError && e.status === 404) {
        await finishItem(db, item.key, owner, { nowMs: this.d.clock.now(), nextDueMs: null });
        return;
      }
      this.noteError(e);
      const refusedForMs = e instanceof BudgetExhaustedError ? e.retryAfterSeconds * 1000 : undefined;
      await failItem(db, item.key, owner, this.d.clock.now(), item.failures, refusedForMs);
    }
  }

  private async work(item: CollectorItem, now: number): Promise<{ nextDueMs: number | null; cost?: number }> {
    const { service, db } = this.d;
    const recordedAt = iso(now);
    switch (item.kind) {
      case "campaigns": {
        const r = await service.campaigns({ status: [...ALL_CAMPAIGN_STATUSES] }, "background");
        for (const c of r.data.campaigns) {
          this.campaignStatus.set(c.id, c.status);
          // A draft has nothing published yet; it is listed anyway, rarely (cadence.ts).
          await upsertList(db, `campaign:${c.id}`, "campaign", c.id, now);
        }
        return { nextDueMs: now + CAMPAIGNS_EVERY_MS };
      }
      case "campaign": {
        const id = item.campaign_id as number;
        const posts: { task_id: number; campaign_id: number; published_at: string | null; status: string }[] = [];
        let total = 0;
        let fresh = false;
        // Pages after the first are cut from the service's mirrored view (up to 500 posts): no further calls.
        for (let offset = 0; ; ) {
          const r = await service.campaignPosts(id, { status: [...PUBLISHED], sort: "-publish_at", limit: 100, offset }, "background");
          total = r.data.total;
          fresh ||= Date.parse(r.meta.fetchedAt) >= now;
          posts.push(...r.data.posts);
          offset += r.data.posts.length;
          // Past the service's mirror (500 posts) every page would be a call of its own: the newest 500 are followed,
          // and a page listing older posts registers them (read.ts).
          if (r.data.posts.length === 0 || offset >= total || offset >= (MAX_ITEM_CALLS - 1) * 100) break;
        }
        const published = posts.filter((p) => (PUBLISHED as readonly string[]).includes(p.status) && p.published_at !== null);
        await upsertPosts(db, published, now);
        await retirePosts(db, id, published.map((p) => p.task_id));
        // A refresh is a `since` call and, when the delta cannot be used, a refetch of a call per 100 posts:
        // counted as both whenever the view was loaded for us (never less than it cost; a cached answer cost nothing).
        return { nextDueMs: now + listEveryMs(this.campaignStatus.get(id) ?? "ACTIVE"), cost: fresh ? Math.min(MAX_ITEM_CALLS, 1 + Math.ceil(total / 100)) : 1 };
      }
      case "post": {
        const id = item.task_id as number;
        const r = await service.postEngagement(id, "background");
        await recordSnapshots(db, fromEngagement(r.data, { campaignId: item.campaign_id as number, recordedAt }));
        const published = item.published_at ? Date.parse(item.published_at) : null;
        return { nextDueMs: now + collectEveryMs(published, now) };
      }
      case "history": {
        const id = item.task_id as number;
        for (const metric of METRIC_TYPES) {
          const r = await service.postEngagementHistory(id, { metric_type: metric, limit: 200 }, "background");
          await recordSnapshots(db, fromHistory(r.data, { campaignId: item.campaign_id as number, recordedAt }));
        }
        return { nextDueMs: null };
      }
    }
  }
}

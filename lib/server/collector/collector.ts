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
  recordSnapshots,
  retirePosts,
  upsertList,
  upsertPosts,
  type CollectorItem,
} from "./store";

/**
 * The engagement collector: reads published posts' metrics into the local
 * time series (metric_snapshots), so pages answer trends from the database
 * and not with upstream calls per view.
 *
 * Work comes from a list in the database shared by every instance
 * (store.ts): the campaigns list, each campaign's published posts (from the
 * campaign mirror), each post's current values (by age, cadence.ts) and a
 * one-time history backfill per post. Items are claimed with a lease, so two
 * instances never collect the same post. It owns no timer and no pace: the
 * upstream scheduler (lib/server/scheduler) calls `step` with the reads the
 * background share leaves, after the campaign mirrors people look at.
 */
export type CollectorService = Pick<Service, "campaigns" | "campaignPosts" | "postEngagement" | "postEngagementHistory">;

export type CollectorConfig = {
  hourlyBudget: number;
  /** COLLECTOR_BUDGET_SHARE; 0 turns it off. The pace is the upstream scheduler's. */
  budgetShare: number;
  /** How long a claim holds (longer than the slowest item's calls). */
  leaseMs: number;
};

export const DEFAULT_COLLECTOR_CONFIG: CollectorConfig = { hourlyBudget: 1000, budgetShare: 0.2, leaseMs: 2 * 60_000 };

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
const MAX_ITEM_CALLS = 6;
const ALL_CAMPAIGN_STATUSES = ["ACTIVE", "FROZEN", "COMPLETED", "DRAFT"] as const;

export class Collector {
  /** Reads it made, last hour (for the health screen). */
  private slots: number[] = [];
  private campaignStatus = new Map<number, string>();
  lastRunAt: number | null = null;
  /** What the last claim gave: an item, or nothing due. */
  lastClaim: "item" | "wait" | "idle" | null = null;
  lastError: CollectorError | null = null;
  /** Items done, for tests and the benchmark. */
  readonly done: { key: string; at: number }[] = [];
  private seeded = false;

  constructor(private readonly d: CollectorDeps) {}

  /** Whether it collects at all (COLLECTOR_BUDGET_SHARE above 0): the upstream scheduler paces it. */
  get isRunning(): boolean {
    return this.d.config.budgetShare > 0;
  }

  callsLastHour(): number {
    const since = this.d.clock.now() - HOUR_MS;
    this.slots = this.slots.filter((t) => t > since);
    return this.slots.length;
  }

  /**
   * One claim and, if granted, its item, for the upstream scheduler
   * (lib/server/scheduler), which paces every background read: the reads it
   * made, 0 when nothing was due, -1 when the lane refused (nothing more now).
   * `waitedOnly` takes only an item a person is waiting for; `lane` is the
   * budget lane it reads in (people's, for those, when the minute has room).
   */
  async step(o: { waitedOnly?: boolean; lane?: "background" | "interactive" } = {}): Promise<number> {
    if (!this.isRunning) return 0;
    try {
      if (!this.seeded) await this.seed();
      const now = this.d.clock.now();
      const claim = await claimNext(this.d.db, { owner: this.d.owner, nowMs: now, leaseMs: this.d.config.leaseMs, waitedOnly: o.waitedOnly });
      this.lastClaim = claim.kind;
      if (claim.kind !== "item") return 0;
      return await this.runItem(claim.item, o.lane ?? "background");
    } catch (e) {
      this.noteError(e);
      return -1;
    }
  }

  /** Seeds the work list (the campaigns list). */
  async seed(): Promise<void> {
    await upsertList(this.d.db, "campaigns", "campaigns", null, this.d.clock.now());
    this.seeded = true;
  }

  private noteError(e: unknown): void {
    this.lastError = describeCollectorError(e, this.d.clock.now());
  }

  private async runItem(item: CollectorItem, lane: "background" | "interactive"): Promise<number> {
    const { db, owner } = this.d;
    const started = this.d.clock.now();
    try {
      // Its upstream reads are the collector's on the health screen's spend by kind.
      const result = await spendingAs("collector", () => this.work(item, started, lane));
      await finishItem(db, item.key, owner, { nowMs: this.d.clock.now(), nextDueMs: result.nextDueMs, cost: result.cost });
      const reads = Math.max(1, result.cost ?? item.cost);
      for (let i = 0; i < reads; i++) this.slots.push(started);
      this.lastRunAt = this.d.clock.now();
      this.done.push({ key: item.key, at: started });
      return reads;
    } catch (e) {
      // A post or campaign that no longer exists is dropped; anything else is tried later.
      if (e instanceof UpstreamHttpError && e.status === 404) {
        await finishItem(db, item.key, owner, { nowMs: this.d.clock.now(), nextDueMs: null });
        return 1;
      }
      this.noteError(e);
      const refusedForMs = e instanceof BudgetExhaustedError ? e.retryAfterSeconds * 1000 : undefined;
      await failItem(db, item.key, owner, this.d.clock.now(), item.failures, refusedForMs);
      return refusedForMs === undefined ? 1 : -1;
    }
  }

  private async work(item: CollectorItem, now: number, lane: "background" | "interactive"): Promise<{ nextDueMs: number | null; cost?: number }> {
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
        // The newest 500 are followed, cut from the campaign's mirror in one piece; a page listing older
        // posts registers them (read.ts).
        const r = await service.campaignPosts(id, { status: [...PUBLISHED], sort: "-publish_at", limit: (MAX_ITEM_CALLS - 1) * 100, offset: 0 }, "background");
        const total = r.data.total;
        const fresh = Date.parse(r.meta.fetchedAt) >= now;
        const published = r.data.posts.filter((p) => (PUBLISHED as readonly string[]).includes(p.status) && p.published_at !== null);
        await upsertPosts(db, published, now);
        await retirePosts(db, id, published.map((p) => p.task_id));
        // A refresh is a `since` call and, when the delta cannot be used, a refetch of a call per 100 posts:
        // counted as both whenever the view was loaded for us (never less than it cost; a cached answer cost nothing).
        return { nextDueMs: now + listEveryMs(this.campaignStatus.get(id) ?? "ACTIVE"), cost: fresh ? Math.min(MAX_ITEM_CALLS, 1 + Math.ceil(total / 100)) : 1 };
      }
      case "post": {
        const id = item.task_id as number;
        const r = await service.postEngagement(id, lane);
        await recordSnapshots(db, fromEngagement(r.data, { campaignId: item.campaign_id as number, recordedAt }));
        const published = item.published_at ? Date.parse(item.published_at) : null;
        return { nextDueMs: now + collectEveryMs(published, now) };
      }
      case "history": {
        const id = item.task_id as number;
        for (const metric of METRIC_TYPES) {
          const r = await service.postEngagementHistory(id, { metric_type: metric, limit: 200 }, lane);
          await recordSnapshots(db, fromHistory(r.data, { campaignId: item.campaign_id as number, recordedAt }));
        }
        return { nextDueMs: null };
      }
    }
  }
}

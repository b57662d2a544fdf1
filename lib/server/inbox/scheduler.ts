import type { DashboardEvent } from "@/lib/events/schema";
import type { Post } from "@/lib/schemas";
import type { Clock } from "@/lib/server/gateway/clock";
import type { Priority } from "@/lib/server/gateway/gateway";
import { log } from "@/lib/server/log";
import type { Service } from "@/lib/server/service/service";
import { CampaignEntry, WAITING } from "./campaign-state";
import type { InboxConfig } from "./config";
import { byPriority, GRID_MS, nextPollAt, planIntervals, type CampaignFacts } from "./policy";
import { MemorySignals, type InboxSignals } from "./signals";
import { plannedMs } from "./urgency";

/**
 * Keeps the inbox's copy of every active or frozen campaign's waiting posts.
 * The API has no cross-campaign list, so each refresh is one posts-list read
 * per campaign, through the service: cached, joined, paid from the background
 * lane (people's page loads go first, and a refused read is retried later),
 * kept fresh by the incremental `since` sync of post-sync.ts.
 *
 * Spending: at most `budgetShare` of the hourly cap, planned by policy.ts
 * (due soon 30 s, busy 60 s, quiet 120 s, looked-at one step faster) and held
 * to by a ledger of the list loads seen in the last hour. It runs only while
 * someone used the inbox in the last `idleMs`; no one watching, no spending.
 *
 * Several instances: each runs its own scheduler, and each poll is timed from
 * data every instance sees alike: the cached list's fetch time (shared through
 * Redis), snapped to a 15 s grid with a per-campaign offset; notifications and
 * looked-at marks are shared too (signals.ts). So the instances draw the same
 * plan and poll the same campaign in the same 15 s freshness slot of the
 * gateway, where the first read loads (joined across instances) and the others
 * hit the cache: N schedulers cost what one costs. Where they briefly
 * disagree, the ladder keeps each one's slots a subset of the fastest one's.
 */
export type InboxService = Pick<Service, "campaigns" | "campaignPosts">;

export type RefreshRecord = { campaignId: number; at: number; kind: "read" | "notification"; loaded: boolean; stale: boolean };

export type InboxDeps = {
  service: InboxService;
  clock: Clock;
  config: InboxConfig;
  signals?: InboxSignals;
  /** Tells open pages (lib/server/events publishEvent). */
  publish?: (event: DashboardEvent) => void;
  /** Hears decisions and other instances' news (lib/server/events subscribeEvents). */
  subscribe?: (listener: (event: DashboardEvent) => void) => () => void;
  /** Every read and notification, for tests and the benchmark. */
  onRefresh?: (record: RefreshRecord) => void;
};

export type InboxSnapshot = {
  /** The scheduler's clock when taken: urgency is computed against it. */
  now: number;
  campaigns: readonly CampaignEntry[];
  listFetchedAt?: number;
  listStale: boolean;
};

const HOUR_MS = 3_600_000;
const PAGE = 100;
/** Lists up to this long are mirrored by the service (post-sync maxPosts): deeper pages cost nothing. Past it, the first page only. */
const MIRRORED = 500;
const LIST_STATUSES: ("ACTIVE" | "FROZEN")[] = ["ACTIVE", "FROZEN"];

export class InboxScheduler {
  private readonly entries = new Map<number, CampaignEntry>();
  private readonly signals: InboxSignals;
  private readonly c: InboxConfig;
  private listFetchedAt?: number;
  private listStale = false;
  private listDueAt = -Infinity;
  private lastUseAt = -Infinity;
  private running = false;
  private ticking = false;
  /** A first pass (someone waiting) is under way: the loop waits for it. */
  private passing = false;
  /** News arrived during a tick: plan again right after it. */
  private replanSoon = false;
  private firstPass?: Promise<void>;
  private cancelTimer?: () => void;
  private unsubscribe: (() => void)[] = [];
  private plan = new Map<number, number>();
  /** When list loads were seen (ours or joined), last hour: the spend the share is held to. */
  private loads: number[] = [];

  constructor(private readonly d: InboxDeps) {
    this.signals = d.signals ?? new MemorySignals();
    this.c = d.config;
  }

  /**
   * An inbox request: keeps the refresh running, marks what it names as
   * looked at, and waits (a bounded time) for the first pass after a start.
   * Throws only when nothing at all is known (the campaigns list never came).
   */
  async use(o: { campaignIds?: readonly number[]; projectId?: number; priority?: Priority } = {}): Promise<InboxSnapshot> {
    this.lastUseAt = this.d.clock.now();
    if (!this.running) this.start();
    this.firstPass ??= this.pass(o.priority ?? "interactive", o.campaignIds ?? []);
    try {
      await this.within(this.firstPass, this.c.firstPassWaitMs);
    } catch (e) {
      this.firstPass = undefined;
      if (this.listFetchedAt === undefined) throw e;
    }
    const named = o.campaignIds ?? (o.projectId === undefined ? [] : this.all().filter((e) => e.info.project_id === o.projectId).map((e) => e.info.id));
    if (named.length > 0) {
      this.watch(named);
      this.wake();
    }
    return this.snapshot();
  }

  /** Marks campaigns as looked at (an inbox filter, a queue): first in line for the budget. */
  watch(ids: readonly number[]): void {
    if (ids.length > 0) this.signals.watch(ids, this.d.clock.now() + this.c.watchMs);
  }

  /** A notification (webhook) for a post: shown at once on every instance, and its campaign's poll postponed. */
  notify(post: Post): void {
    this.signals.notify(post, this.d.clock.now());
  }

  snapshot(): InboxSnapshot {
    return { now: this.d.clock.now(), campaigns: this.all(), listFetchedAt: this.listFetchedAt, listStale: this.listStale };
  }

  /** The current plan (campaign id → interval ms) and the list loads of the last hour. */
  stats(): { plan: ReadonlyMap<number, number>; loadsLastHour: number; running: boolean } {
    this.prune(this.d.clock.now());
    return { plan: this.plan, loadsLastHour: this.loads.length, running: this.running };
  }

  /** Stops all work and forgets everything (tests, shutdown). */
  stop(): void {
    this.pause();
    this.entries.clear();
    this.listFetchedAt = undefined;
    this.listDueAt = -Infinity;
    this.lastUseAt = -Infinity;
  }

  private all(): CampaignEntry[] {
    return [...this.entries.values()];
  }

  private start(): void {
    this.running = true;
    this.unsubscribe = [this.signals.onNotify((p, at) => this.onNotification(p, at))];
    if (this.d.subscribe) this.unsubscribe.push(this.d.subscribe((e) => this.onEvent(e)));
  }

  private pause(): void {
    this.running = false;
    this.firstPass = undefined;
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    for (const u of this.unsubscribe) u();
    this.unsubscribe = [];
  }

  /** Every campaign once, someone waiting: the ones the request names first. */
  private async pass(priority: Priority, first: readonly number[]): Promise<void> {
    this.passing = true;
    try {
      await this.loadCampaigns(priority);
      const order = this.all().sort((a, b) => Number(first.includes(b.info.id)) - Number(first.includes(a.info.id)));
      await this.pollMany(order, priority);
      await this.replan(this.d.clock.now());
    } finally {
      this.passing = false;
      // Even after a failure: while someone watches, the loop retries on its own.
      this.afterWork();
    }
  }

  private async loadCampaigns(priority: Priority): Promise<void> {
    const now = this.d.clock.now();
    this.listDueAt = Math.max(this.listDueAt, now + GRID_MS); // a failure is retried on the next slot, not at once
    const r = await this.d.service.campaigns({ status: LIST_STATUSES }, priority);
    const fetchedAt = Date.parse(r.meta.fetchedAt);
    if (this.listFetchedAt === undefined ? fetchedAt > now - GRID_MS : fetchedAt > this.listFetchedAt) this.loads.push(now);
    this.listFetchedAt = fetchedAt;
    this.listStale = r.meta.stale;
    // Every instance reads it on the same boundaries, so the first loads and the rest hit the cache.
    this.listDueAt = r.meta.stale ? now + GRID_MS : (Math.floor(now / this.c.campaignsEveryMs) + 1) * this.c.campaignsEveryMs;
    const listed = new Set<number>();
    for (const info of r.data.campaigns) {
      if (!(LIST_STATUSES as string[]).includes(info.status)) continue;
      listed.add(info.id);
      const entry = this.entries.get(info.id);
      if (entry) entry.info = info;
      else this.entries.set(info.id, new CampaignEntry(info));
    }
    for (const id of this.entries.keys()) if (!listed.has(id)) this.entries.delete(id);
  }

  private async pollMany(list: readonly CampaignEntry[], priority: Priority): Promise<void> {
    const queue = [...list];
    const worker = async () => {
      for (let e = queue.shift(); e; e = queue.shift()) await this.poll(e, priority);
    };
    await Promise.all(Array.from({ length: Math.min(this.c.concurrency, queue.length) }, worker));
  }

  /** One read of a campaign's waiting posts (a page of the service's synced view; deeper pages come from the same view). */
  private async poll(e: CampaignEntry, priority: Priority): Promise<void> {
    const now = this.d.clock.now();
    const id = e.info.id;
    e.polledAt = now;
    const posts: Post[] = [];
    let meta: { stale: boolean; fetchedAt: string; retryAt?: string } | undefined;
    try {
      for (let offset = 0; ; offset += PAGE) {
        const r = await this.d.service.campaignPosts(id, { status: [WAITING], sort: "publish_at", limit: PAGE, offset }, priority);
        meta ??= r.meta;
        posts.push(...r.data.posts);
        if (r.data.posts.length < PAGE || posts.length >= Math.min(r.data.total, MIRRORED) || r.data.total > MIRRORED) break;
      }
    } catch (error) {
      e.stale = true;
      e.retryAt = now;
      log.warn("inbox refresh failed", { campaignId: id, error: error instanceof Error ? error.message : String(error) });
      this.d.onRefresh?.({ campaignId: id, at: now, kind: "read", loaded: false, stale: true });
      return;
    }
    if (!meta) return;
    const fetchedAt = Date.parse(meta.fetchedAt);
    const loaded = fetchedAt > (e.refreshedAt ?? now - GRID_MS);
    if (loaded) this.loads.push(now);
    e.stale = meta.stale;
    e.retryAt = meta.stale ? Date.parse(meta.retryAt ?? "") || now : undefined;
    if (e.applyList(posts, fetchedAt, now)) this.d.publish?.({ type: "campaign", campaign_id: id, reason: "refresh" });
    this.d.onRefresh?.({ campaignId: id, at: now, kind: "read", loaded, stale: meta.stale });
  }

  private facts(e: CampaignEntry, now: number, watched: ReadonlySet<number>): CampaignFacts {
    // Looking one quiet interval ahead: a campaign is fast already when its post enters the window.
    const from = now - this.c.dueSoonMs;
    const to = now + this.c.dueSoonMs + this.c.quietEveryMs;
    const dueSoon = e.posts.some((p) => {
      const t = plannedMs(p);
      return t !== undefined && t >= from && t <= to;
    });
    const busy = e.changedAt !== undefined && now - e.changedAt <= this.c.busyWindowMs;
    return { id: e.info.id, dueSoon, watched: watched.has(e.info.id), busy, earliestMs: e.earliestMs() };
  }

  /** Polls an hour the plan may use: the share, less a margin and the campaigns list's own reads. */
  private capacity(): number {
    return this.c.hourlyBudget * this.c.budgetShare * this.c.planShare - HOUR_MS / this.c.campaignsEveryMs;
  }

  private room(now: number): number {
    this.prune(now);
    return Math.floor(this.c.hourlyBudget * this.c.budgetShare) - this.loads.length;
  }

  private prune(now: number): void {
    const from = this.loads.findIndex((t) => t > now - HOUR_MS);
    this.loads = from < 0 ? [] : this.loads.slice(from);
  }

  private async tick(): Promise<void> {
    if (this.ticking || this.passing || !this.running) return;
    this.ticking = true;
    try {
      const now = this.d.clock.now();
      if (now - this.lastUseAt > this.c.idleMs) return this.pause();
      if (now >= this.listDueAt) {
        await this.loadCampaigns("background").catch((e: unknown) => log.warn("inbox campaigns not refreshed", { error: String(e) }));
      }
      const facts = await this.replan(now);
      const due = facts.filter((f) => this.dueAt(this.entries.get(f.id) as CampaignEntry) <= now).sort(byPriority);
      const ready = due.slice(0, Math.max(0, this.room(now)));
      await this.pollMany(ready.map((f) => this.entries.get(f.id) as CampaignEntry), "background");
    } finally {
      this.ticking = false;
      this.afterWork();
    }
  }

  private afterWork(): void {
    this.schedule();
    if (this.replanSoon) {
      this.replanSoon = false;
      this.wake();
    }
  }

  /** The plan from what every instance knows alike: the data, the looked-at marks, the notification times. */
  private async replan(now: number): Promise<CampaignFacts[]> {
    const entries = this.all();
    const shared = await this.signals.state(entries.map((e) => e.info.id), now);
    for (const e of entries) {
      const at = shared.notifiedAt.get(e.info.id);
      if (at !== undefined) e.notifiedAt = Math.max(e.notifiedAt ?? at, at);
    }
    const facts = entries.map((e) => this.facts(e, now, shared.watched));
    this.plan = planIntervals(facts, this.capacity(), this.c);
    return facts;
  }

  private dueAt(e: CampaignEntry): number {
    return nextPollAt(e, e.info.id, this.plan.get(e.info.id) ?? this.c.quietEveryMs, this.c.maxListAgeMs);
  }

  private schedule(): void {
    if (!this.running) return;
    this.cancelTimer?.();
    const now = this.d.clock.now();
    let at = Math.min(this.listDueAt, this.lastUseAt + this.c.idleMs + 1);
    for (const e of this.entries.values()) at = Math.min(at, this.dueAt(e));
    // Out of room: nothing until the oldest load leaves the hour.
    if (this.room(now) <= 0 && this.loads[0] !== undefined) at = Math.max(at, this.loads[0] + HOUR_MS);
    this.cancelTimer = this.d.clock.setTimer(() => void this.tick(), Math.max(0, at - now));
  }

  private onNotification(post: Post, at: number): void {
    const e = this.entries.get(post.campaign_id);
    if (!e) return;
    e.notifiedAt = Math.max(e.notifiedAt ?? at, at);
    e.applyPost(post.task_id, post.status, post, at);
    this.d.onRefresh?.({ campaignId: e.info.id, at, kind: "notification", loaded: false, stale: false });
    // A post due soon may have arrived: the plan must not wait for the next poll to learn it.
    this.wake();
  }

  /** Replans now (a tick polls only what is due). */
  private wake(): void {
    if (!this.running) return;
    if (this.ticking || this.passing) return void (this.replanSoon = true);
    this.cancelTimer?.();
    this.cancelTimer = this.d.clock.setTimer(() => void this.tick(), 0);
  }

  /** A decision (or another view's refresh) that moved a post out of waiting: gone from the inbox at once, at no cost. */
  private onEvent(event: DashboardEvent): void {
    if (event.type !== "post" || !event.status || event.status === WAITING) return;
    const now = this.d.clock.now();
    const where = event.campaign_id !== undefined ? [this.entries.get(event.campaign_id)] : this.all();
    for (const e of where) if (e?.has(event.task_id)) e.applyPost(event.task_id, event.status, undefined, now);
  }

  private within(p: Promise<void>, ms: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const cancel = this.d.clock.setTimer(resolve, ms);
      p.then(
        () => (cancel(), resolve()),
        (e: unknown) => (cancel(), reject(e)),
      );
    });
  }
}

import "server-only";
import type { Post } from "@/lib/schemas";
import type { Clock } from "@/lib/server/gateway/clock";
import { BudgetExhaustedError } from "@/lib/server/gateway/errors";
import { UpstreamHttpError } from "@/lib/server/upstream/errors";
import type { RecurringJob } from "@/lib/server/jobs/job";
import { log } from "@/lib/server/log";
import type { Refresher } from "@/lib/server/mirror/refresh";
import type { MirrorStore } from "@/lib/server/mirror/store";
import { DEFAULT_PLAN, floorOf, intervals, Pacing, RANK, type Klass, type PlanConfig } from "./plan";
import type { Wants } from "./wants";

/**
 * The one owner of background upstream reads: campaign mirrors and the
 * engagement series, in one order a person would choose. Each tick:
 * 1. mirror refreshes that are due, by class (plan.ts): asked for (a webhook,
 *    an unknown outcome), looked at (a page open on the campaign), due soon
 *    (a waiting post planned within 2 h), never filled, the rest; paced at
 *    the background share of the hour, people's classes first: each class
 *    leaves in the bucket a token for every campaign of the classes before
 *    it (`floorOf`), so watched campaigns never make a post due soon wait,
 *    nor the rest a watcher; between people's classes and the fills, kept
 *    answers people were shown past their freshness (account, projects,
 *    campaigns: `Wants.keep`, any instance's), read again in the background lane;
 * 2. the engagement collector's work with what the pace leaves;
 * 3. a trend or post someone is waiting for, with reads of the minute people
 *    leave unused (`spare`): never the reserve, never refusing anyone.
 * A refusal of the lane ends the tick: the rest would be refused too.
 */
export const UPSTREAM_READS_JOB = "upstream-reads";

export type CollectorWork = {
  /** Runs one due item; `waitedOnly` takes only items a person waits for. Reads made, 0 when none was due. */
  step(o: { waitedOnly: boolean; lane: "background" | "interactive" }): Promise<number>;
};

export type SchedulerDeps = {
  store: MirrorStore;
  refresher: Refresher;
  wants: Wants;
  clock: Clock;
  /** The active and frozen campaigns' ids. */
  campaigns: () => Promise<readonly number[]>;
  /** Reads a kept answer's key again (service.mirror.refreshKept): false when the key names none. */
  kept?: (key: string, lane?: "background" | "interactive") => Promise<boolean>;
  /** Campaigns with a post page open now (presence heartbeats), across instances. */
  watched?: () => Promise<readonly number[]>;
  collector?: CollectorWork;
  /** Whether people leave enough of this minute's and hour's reads unused for one more item a person waits for. */
  spare?: () => boolean;
  config?: Partial<PlanConfig>;
};

export type SchedulerStats = {
  running: boolean;
  campaigns: number;
  byClass: Record<Klass, number>;
  refreshesLastHour: number;
  refusedLastHour: number;
  lastRefreshAt?: number;
  intervals: { looked: number; dueSoon: number; rest: number };
};

const HOUR = 3_600_000;
const WAITING = "WAITING_APPROVAL";

/** The lane a class's refresh asks first (a watched campaign's is a fresh read, like its page's own): its refusal closes that lane for the tick. */
const laneOf = (klass: Klass): "fresh" | "background" => (klass === "looked" ? "fresh" : "background");

/** Planned times of a campaign's waiting posts. */
function waitingTimes(posts: readonly Post[]): number[] {
  const out: number[] = [];
  for (const p of posts) if (p.status === WAITING && p.published_at) out.push(Date.parse(p.published_at));
  return out;
}

export class UpstreamScheduler {
  readonly c: PlanConfig;
  private readonly pacing: Pacing;
  private readonly waiting = new Map<number, { fetchedAt: number; times: number[] }>();
  private ticking?: Promise<void>;
  private refreshes: number[] = [];
  private refused: number[] = [];
  private lastRefreshAt?: number;
  /** This tick's counts of the classes that hold tokens back (see `floorOf`). */
  private counts = { looked: 0, dueSoon: 0 };
  private last: Pick<SchedulerStats, "campaigns" | "byClass" | "intervals"> = {
    campaigns: 0,
    byClass: { asked: 0, looked: 0, fill: 0, dueSoon: 0, rest: 0 },
    intervals: { looked: 0, dueSoon: 0, rest: 0 },
  };
  running = false;

  constructor(private readonly d: SchedulerDeps) {
    this.c = { ...DEFAULT_PLAN, ...d.config };
    this.pacing = new Pacing(this.c, d.clock.now());
  }

  get wants(): Wants {
    return this.d.wants;
  }

  /** The job the runner runs every tick. */
  get job(): RecurringJob {
    return { name: UPSTREAM_READS_JOB, everyMs: this.c.tickMs, run: ({ signal }) => this.tick(signal) };
  }

  stats(): SchedulerStats {
    const now = this.d.clock.now();
    this.refreshes = this.refreshes.filter((t) => t > now - HOUR);
    this.refused = this.refused.filter((t) => t > now - HOUR);
    return { running: this.running, ...this.last, refreshesLastHour: this.refreshes.length, refusedLastHour: this.refused.length, lastRefreshAt: this.lastRefreshAt };
  }

  /** Whether the campaign's waiting posts put it within the due-soon window now. */
  private dueSoon(id: number, now: number): boolean {
    const times = this.waiting.get(id)?.times ?? [];
    return times.some((t) => t >= now - this.c.dueSoonWindowMs && t <= now + this.c.dueSoonWindowMs);
  }

  /** One pass; concurrent calls join the one under way. */
  tick(signal?: AbortSignal): Promise<void> {
    return (this.ticking ??= this.pass(signal).finally(() => (this.ticking = undefined)));
  }

  private async pass(signal?: AbortSignal): Promise<void> {
    try {
      // A refusal of the background lane ends its work this tick; a waited-for trend reads in people's lane.
      if (await this.mirrors(signal)) await this.collect(signal);
      await this.waited(signal);
    } catch (e) {
      log.warn("upstream schedule failed", { error: e instanceof Error ? e.message : String(e) });
    }
  }

  /** What each campaign is now, and which are due, most urgent first. */
  async plan(now = this.d.clock.now()): Promise<{ id: number; klass: Klass; late: number }[]> {
    const ids = await this.d.campaigns();
    const asked = await this.d.wants.takeAsked();
    const looked = new Set((await this.d.watched?.().catch(() => [])) ?? []);
    const syncs = new Map((await this.d.store.all()).map((s) => [s.campaignId, s]));
    const classes: { id: number; klass: Klass; fetchedAt: number }[] = [];
    for (const id of ids) {
      const s = syncs.get(id);
      if (!s) {
        classes.push({ id, klass: asked.has(id) ? "asked" : looked.has(id) ? "looked" : "fill", fetchedAt: -Infinity });
        continue;
      }
      // The waiting posts' times are read again only when the mirror moved (a refresh or a decision).
      if (this.waiting.get(id)?.fetchedAt !== s.fetchedAt) {
        const m = await this.d.store.read(id);
        this.waiting.set(id, { fetchedAt: s.fetchedAt, times: waitingTimes(m?.posts ?? []) });
      }
      const klass: Klass = asked.has(id) ? "asked" : looked.has(id) ? "looked" : this.dueSoon(id, now) ? "dueSoon" : "rest";
      classes.push({ id, klass, fetchedAt: s.fetchedAt });
    }
    for (const id of asked) if (!ids.includes(id)) classes.push({ id, klass: "asked", fetchedAt: syncs.get(id)?.fetchedAt ?? -Infinity });
    const count = (k: Klass) => classes.filter((x) => x.klass === k).length;
    const every = intervals({ looked: count("looked"), dueSoon: count("dueSoon"), rest: count("rest") }, this.c);
    const byClass = { asked: count("asked"), looked: count("looked"), fill: count("fill"), dueSoon: count("dueSoon"), rest: count("rest") };
    this.last = { campaigns: ids.length, byClass, intervals: { looked: every.looked, dueSoon: every.dueSoon, rest: every.rest } };
    this.counts = { looked: byClass.looked, dueSoon: byClass.dueSoon };
    // A looked-at campaign is due at its own interval; the floor, not a longer interval, holds it to its
    // share, so tokens the due-soon ones leave unused (people's pages refreshed them) still serve watchers.
    const intervalOf = (k: Klass) => (k === "looked" ? this.c.lookedEveryMs : k === "dueSoon" ? every.dueSoon : k === "rest" ? every.rest : 0);
    const due = classes
      .map((x) => ({ id: x.id, klass: x.klass, late: now - x.fetchedAt - intervalOf(x.klass) }))
      .filter((x) => x.late >= 0);
    due.sort((a, b) => RANK[a.klass] - RANK[b.klass] || b.late - a.late);
    return due;
  }

  private floor(klass: Klass | "kept" | "collector"): number {
    return floorOf(klass, this.counts, this.c);
  }

  /**
   * Due mirror refreshes; false when the background lane refused (nothing more
   * of it this tick). A refusal closes its lane for the tick, not the other:
   * a watched campaign's fresh read still goes when the background lane is full.
   */
  private async mirrors(signal?: AbortSignal): Promise<boolean> {
    const due = await this.plan();
    const closed = new Set<"fresh" | "background">();
    const people = (x: { klass: Klass }) => RANK[x.klass] <= RANK.looked;
    await this.campaignsOf(due.filter(people), closed, signal);
    await this.keptAnswers(closed, signal);
    await this.campaignsOf(due.filter((x) => !people(x)), closed, signal);
    return !signal?.aborted && !closed.has("background");
  }

  /** Refreshes these due campaigns in order; a lane that refuses is closed for the tick. */
  private async campaignsOf(due: { id: number; klass: Klass }[], closed: Set<"fresh" | "background">, signal?: AbortSignal): Promise<void> {
    for (let i = 0; i < due.length; i++) {
      const { id, klass } = due[i] as (typeof due)[number];
      if (signal?.aborted) return;
      if (closed.has(laneOf(klass))) {
        if (klass === "asked") this.d.wants.putBack([id]);
        continue;
      }
      const now = this.d.clock.now();
      // A first fill is a one-off (a page per 100 posts), held only by the lane's own share of the minute;
      // the steady refreshes keep to the pace. Short of it, an item waits for a later tick and those after
      // it still run: a due-soon campaign after the watched ones, a fill after those.
      if (klass !== "fill" && this.pacing.available(now) < this.floor(klass)) {
        if (klass === "asked") this.d.wants.putBack([id]);
        continue;
      }
      try {
        const outcome = await this.refresh(id, klass);
        if (outcome === "held") continue;
        this.refreshes.push(this.d.clock.now());
        this.lastRefreshAt = this.d.clock.now();
        if (klass !== "fill") this.pacing.spend(outcome === "filled" ? 2 : 1, this.d.clock.now());
      } catch (e) {
        if (!(e instanceof BudgetExhaustedError)) {
          log.warn("mirror refresh failed", { campaignId: id, error: e instanceof Error ? e.message : String(e) });
          continue;
        }
        this.refused.push(this.d.clock.now());
        if (klass === "asked") this.d.wants.putBack([id]);
        closed.add(laneOf(klass));
      }
    }
  }

  /**
   * Kept answers people were shown past their freshness, longest waiting
   * first, each one read within the pace: in the background lane, or, as for
   * people's campaigns, in people's lane while their minute is spare (the
   * background lane is closed whenever people read a fifth of the minute).
   * One that cannot be read (the upstream says it is gone, or the key names
   * nothing) is dropped; one that failed stays wanted (the gateway's cooldown
   * spaces the attempts).
   */
  private async keptAnswers(closed: Set<"fresh" | "background">, signal?: AbortSignal): Promise<void> {
    const refresh = this.d.kept;
    if (!refresh || closed.has("background")) return;
    const keys = await this.d.wants.keptWanted().catch(() => [] as string[]);
    for (const key of keys) {
      if (signal?.aborted || this.pacing.available(this.d.clock.now()) < this.floor("kept")) return;
      try {
        const read = await refresh(key).catch((e: unknown) => {
          if (!(e instanceof BudgetExhaustedError) || !this.d.spare?.()) throw e;
          return refresh(key, "interactive");
        });
        if (read) this.pacing.spend(1, this.d.clock.now());
        await this.d.wants.keptDone(key);
      } catch (e) {
        if (e instanceof BudgetExhaustedError) {
          this.refused.push(this.d.clock.now());
          closed.add("background");
          return;
        }
        const gone = e instanceof UpstreamHttpError && e.status >= 400 && e.status < 500 && e.status !== 429;
        if (gone) await this.d.wants.keptDone(key).catch(() => undefined);
        else log.warn("kept answer refresh failed", { key, error: e instanceof Error ? e.message : String(e) });
      }
    }
  }

  /**
   * One refresh. A campaign someone looks at, and a first fill, are fresh
   * reads (the lane a page's own freshening uses, given way once the team's
   * minute holds 15: a fresh install's fills then never crowd out the pages
   * people open meanwhile); the others go in the background lane, which
   * yields at 24. So that a
   * watcher (promised a change within 30 s), an ask or a due-soon campaign
   * does not wait minutes while people read, a declined one takes its read
   * from people's lane, within the scheduler's pace, while people leave a
   * quarter of the minute unused (`spare`): never a person's refusal.
   */
  private async refresh(id: number, klass: Klass) {
    try {
      return await this.d.refresher.refresh(id, klass === "looked" || klass === "fill" ? "fresh" : "background", 0);
    } catch (e) {
      const urgent = klass === "asked" || klass === "looked" || klass === "dueSoon";
      if (!(e instanceof BudgetExhaustedError) || !urgent || !this.d.spare?.()) throw e;
      return this.d.refresher.refresh(id, "interactive", 0);
    }
  }

  /** The engagement series, with what the pace leaves. */
  private async collect(signal?: AbortSignal): Promise<void> {
    const c = this.d.collector;
    if (!c) return;
    while (!signal?.aborted && this.pacing.available(this.d.clock.now()) >= this.floor("collector")) {
      const reads = await c.step({ waitedOnly: false, lane: "background" });
      if (reads <= 0) break;
      this.pacing.spend(reads, this.d.clock.now());
    }
  }

  /**
   * Beyond the pace: only items a person waits for (a trend being filled), only
   * while people leave the minute's reads unused (`spare` is asked before each),
   * so people's next page always finds its reads.
   */
  private async waited(signal?: AbortSignal): Promise<void> {
    const c = this.d.collector;
    if (!c) return;
    for (let i = 0; i < 4 && !signal?.aborted && this.d.spare?.(); i++) {
      if ((await c.step({ waitedOnly: true, lane: "interactive" })) <= 0) break;
    }
  }
}

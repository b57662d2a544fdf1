import "server-only";
import type { Clock } from "./clock";
import { BudgetRefusal } from "./errors";

/**
 * The team's request budget, kept on our side so the upstream never has to
 * say 429 in normal use: 60 reads/min, 30 writes/min, 1000 requests/hour.
 *
 * Each "bucket" is a sliding-window token bucket: a spent token comes back
 * exactly one window (plus a small margin) after the ANSWER to its request
 * arrived. Counted that way, no window of that length, wherever it starts,
 * holds more requests than the limit, even as the upstream saw them (it saw
 * each request somewhere between our send and its answer). So whichever way
 * the upstream counts (fixed window, sliding window, classic token bucket),
 * we stay under it. A classic refilling bucket would allow twice the hourly
 * limit within one clock hour (a full burst plus the refill).
 *
 * Lanes, i.e. who pays and what they may not touch:
 * - write:       writes/min + hourly; may use everything, including the reserve.
 * - confirm:     the read a decision rests on (the version check of a pinned
 *                decision, the re-read after a write whose answer was lost);
 *                may use the reserve and the minute's `confirmReadReserve`.
 * - interactive: reads/min + hourly, but never the last `writeReserve` hourly
 *                tokens nor the minute's last `confirmReadReserve` reads.
 * - fresh:       a read a person would like but does not need (bringing an
 *                open page's campaign up to the second, when the mirror
 *                already has it a few seconds old): taken only while
 *                everyone's spending of the minute is under
 *                `freshReadsPerMinute` and of the hour under
 *                FRESH_HOURLY_SHARE, never waited for. However many pages
 *                people open, these reads keep the team near 900 an hour;
 *                past it pages answer from the mirror with its age.
 * - background:  like interactive, but also leaves `backgroundReadHeadroom`
 *                per-minute tokens and `backgroundHourlyHeadroom` hourly tokens
 *                to people, and never jumps a queue. By default those floors
 *                are set so background work (mirror refreshes, the collector)
 *                only takes a token while the window's spending, everyone's,
 *                is under BACKGROUND_SHARE: it never holds more than 40 % of
 *                any minute's reads nor of the hour.
 */
export type Lane = "interactive" | "fresh" | "background" | "confirm" | "write";

export type BudgetLimits = {
  readsPerMinute: number;
  writesPerMinute: number;
  requestsPerHour: number;
  writeReserve: number;
  /**
   * Reads of each minute only a decision's confirming read may take: lists
   * read by people (served stale when refused) cannot spend them, so that
   * many decisions a minute still go through when the minute is spent.
   */
  confirmReadReserve: number;
  backgroundReadHeadroom: number;
  backgroundHourlyHeadroom: number;
  /** A fresh read goes only while the minute's reads, everyone's, are fewer than this. */
  freshReadsPerMinute: number;
  /** Added to each window: allows for clock granularity on the upstream's side. */
  marginMs: number;
};

/** Most of any window background work may hold: people's reads and decisions come first. */
export const BACKGROUND_SHARE = 0.4;


/**
 * Fresh reads stop once the minute holds a fifth of its reads (12 of 60, a
 * pace of 720 an hour) or the hour 90 % of its requests: what people need and
 * the scheduler's pace come on top, and the team stays within about 900 an hour.
 */
export const FRESH_MINUTE_SHARE = 0.25;
export const FRESH_HOURLY_SHARE = 0.9;

export function defaultLimits(readsPerMinute: number, writesPerMinute: number, requestsPerHour: number): BudgetLimits {
  const writeReserve = Math.max(1, Math.ceil(requestsPerHour * 0.08));
  const confirmReadReserve = Math.floor(readsPerMinute * 0.05);
  return {
    readsPerMinute,
    writesPerMinute,
    requestsPerHour,
    // 8 %: 80 of 1000, enough for a busy hour of decisions and their confirming reads.
    writeReserve,
    // 5 %: 3 of 60 a minute, for the decisions a team makes within one minute of spent reads.
    confirmReadReserve,
    // Background takes a token only while at most 40 % of the window is spent: then it holds at most that.
    backgroundReadHeadroom: Math.max(0, readsPerMinute - Math.floor(readsPerMinute * BACKGROUND_SHARE) - confirmReadReserve),
    backgroundHourlyHeadroom: Math.max(0, requestsPerHour - Math.floor(requestsPerHour * BACKGROUND_SHARE) - writeReserve),
    freshReadsPerMinute: Math.floor(readsPerMinute * FRESH_MINUTE_SHARE),
    marginMs: 250,
  };
}

export type BudgetSnapshot = { reads: number; writes: number; hourly: number; pausedUntil?: string };

/**
 * What the gateway and the caller use of a budget: the in-process `Budget`
 * (one instance) and `RedisBudget` (every instance on one key) both fit.
 * `availableAt`, `pausedUntilMs` and `snapshot` are synchronous on purpose:
 * the gateway reads them on every load (TTL stretching) and metrics on every
 * scrape; a shared store answers them from its last known figures.
 */
export interface BudgetLike {
  readonly limits: BudgetLimits;
  acquire(lane: Lane, maxWaitMs: number): Promise<Lease>;
  availableAt(lane: Lane): number;
  pause(until: number): void;
  readonly pausedUntilMs: number | undefined;
  snapshot(): BudgetSnapshot;
}

export const MINUTE = 60_000;
export const HOUR = 3_600_000;

/** Which minute bucket a lane pays from, and how many tokens it must leave in each bucket. */
export type LaneRule = { minute: "reads" | "writes"; minuteFloor: number; hourlyFloor: number };

export function laneRule(l: BudgetLimits, lane: Lane): LaneRule {
  switch (lane) {
    case "write":
      return { minute: "writes", minuteFloor: 0, hourlyFloor: 0 };
    case "confirm":
      return { minute: "reads", minuteFloor: 0, hourlyFloor: 0 };
    case "interactive":
      return { minute: "reads", minuteFloor: l.confirmReadReserve, hourlyFloor: l.writeReserve };
    case "fresh":
      return {
        minute: "reads",
        minuteFloor: Math.max(l.confirmReadReserve, l.readsPerMinute - l.freshReadsPerMinute),
        hourlyFloor: Math.max(l.writeReserve, l.requestsPerHour - Math.floor(l.requestsPerHour * FRESH_HOURLY_SHARE)),
      };
    case "background":
      return { minute: "reads", minuteFloor: l.confirmReadReserve + l.backgroundReadHeadroom, hourlyFloor: l.writeReserve + l.backgroundHourlyHeadroom };
  }
}

/** Queue order: people (and their writes) before background work; FIFO within a rank. */
export const LANE_RANK: Record<Lane, number> = { write: 0, confirm: 0, interactive: 0, fresh: 1, background: 1 };

/**
 * The refusal for a lane whose next token is expected at `at` (Infinity when
 * only in-flight requests hold the tokens: they come back within a window of
 * their answer, so that is the estimate).
 */
export function refusalAt(at: number, now: number, windowMs: number, pausedUntil: number): BudgetRefusal {
  const estimate = Number.isFinite(at) ? at : now + windowMs;
  return new BudgetRefusal(Math.max(estimate, now + 1), pausedUntil > now && pausedUntil >= estimate);
}

class Window {
  /** Times (ascending) at which spent tokens come back. */
  private returns: number[] = [];
  private inFlight = 0;

  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  available(now: number): number {
    let drop = 0;
    while (drop < this.returns.length && (this.returns[drop] ?? Infinity) <= now) drop++;
    if (drop) this.returns.splice(0, drop);
    return this.limit - this.inFlight - this.returns.length;
  }

  /** Earliest time `need` tokens are free; Infinity when only in-flight requests hold them. */
  availableAt(now: number, need: number): number {
    const short = need - this.available(now);
    if (short <= 0) return now;
    if (need > this.limit) return Infinity;
    return this.returns[short - 1] ?? Infinity;
  }

  take(): void {
    this.inFlight++;
  }

  settle(at: number): void {
    this.inFlight--;
    const back = at + this.windowMs;
    let i = this.returns.length;
    while (i > 0 && (this.returns[i - 1] ?? 0) > back) i--;
    this.returns.splice(i, 0, back);
  }
}

export type Lease = { settle(): void };

type Waiter = {
  lane: Lane;
  rank: number;
  seq: number;
  deadline: number;
  resolve: (lease: Lease) => void;
  reject: (refusal: BudgetRefusal) => void;
};

export class Budget implements BudgetLike {
  private readonly reads: Window;
  private readonly writes: Window;
  private readonly hourly: Window;
  private pausedUntil = 0;
  private queue: Waiter[] = [];
  private seq = 0;
  private cancelTimer?: () => void;

  constructor(
    readonly limits: BudgetLimits,
    private readonly clock: Clock,
  ) {
    this.reads = new Window(limits.readsPerMinute, MINUTE + limits.marginMs);
    this.writes = new Window(limits.writesPerMinute, MINUTE + limits.marginMs);
    this.hourly = new Window(limits.requestsPerHour, HOUR + limits.marginMs);
  }

  private rule(lane: Lane): { minute: Window; minuteFloor: number; hourlyFloor: number } {
    const r = laneRule(this.limits, lane);
    return { minute: r.minute === "writes" ? this.writes : this.reads, minuteFloor: r.minuteFloor, hourlyFloor: r.hourlyFloor };
  }

  /** When a request of this lane could be sent, ignoring the queue (ms since epoch; may be Infinity). */
  availableAt(lane: Lane): number {
    const now = this.clock.now();
    const r = this.rule(lane);
    return Math.max(
      this.pausedUntil,
      r.minute.availableAt(now, 1 + r.minuteFloor),
      this.hourly.availableAt(now, 1 + r.hourlyFloor),
    );
  }

  private tryTake(lane: Lane): Lease | undefined {
    if (this.availableAt(lane) > this.clock.now()) return undefined;
    const { minute } = this.rule(lane);
    minute.take();
    this.hourly.take();
    let settled = false;
    return {
      settle: () => {
        if (settled) return;
        settled = true;
        const now = this.clock.now();
        minute.settle(now);
        this.hourly.settle(now);
        if (this.queue.length) this.pump();
      },
    };
  }

  /**
   * A token for one upstream request, waiting at most `maxWaitMs` behind
   * earlier requests of equal or higher priority. Rejects with BudgetRefusal
   * (carrying the expected time of the next token) as soon as it is clear the
   * wait would be longer, so callers can serve stale data without delay.
   */
  acquire(lane: Lane, maxWaitMs: number): Promise<Lease> {
    const now = this.clock.now();
    const rank = LANE_RANK[lane];
    const blocked = this.queue.some((w) => w.rank <= rank);
    if (!blocked) {
      const lease = this.tryTake(lane);
      if (lease) return Promise.resolve(lease);
    }
    const at = this.availableAt(lane);
    if (maxWaitMs <= 0 || (Number.isFinite(at) && at > now + maxWaitMs)) {
      return Promise.reject(this.refusal(lane, now));
    }
    return new Promise<Lease>((resolve, reject) => {
      const waiter: Waiter = { lane, rank, seq: this.seq++, deadline: now + maxWaitMs, resolve, reject };
      this.queue.push(waiter);
      this.queue.sort((a, b) => a.rank - b.rank || a.seq - b.seq);
      this.pump();
    });
  }

  private refusal(lane: Lane, now: number): BudgetRefusal {
    return refusalAt(this.availableAt(lane), now, this.rule(lane).minute.windowMs, this.pausedUntil);
  }

  private pump(): void {
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    const now = this.clock.now();
    for (const w of [...this.queue]) {
      const lease = this.tryTake(w.lane);
      if (!lease) continue;
      this.queue = this.queue.filter((x) => x !== w);
      w.resolve(lease);
    }
    let next = Infinity;
    for (const w of [...this.queue]) {
      const at = this.availableAt(w.lane);
      if (w.deadline <= now || (Number.isFinite(at) && at > w.deadline)) {
        this.queue = this.queue.filter((x) => x !== w);
        w.reject(this.refusal(w.lane, now));
        continue;
      }
      next = Math.min(next, at, w.deadline);
    }
    if (Number.isFinite(next)) this.cancelTimer = this.clock.setTimer(() => this.pump(), Math.max(1, next - now));
  }

  /** After an upstream 429: nothing is sent before `until` (ms since epoch). */
  pause(until: number): void {
    if (until <= this.pausedUntil) return;
    this.pausedUntil = until;
    if (this.queue.length) this.pump();
  }

  get pausedUntilMs(): number | undefined {
    return this.pausedUntil > this.clock.now() ? this.pausedUntil : undefined;
  }

  snapshot(): BudgetSnapshot {
    const now = this.clock.now();
    const paused = this.pausedUntilMs;
    return {
      reads: Math.max(0, this.reads.available(now)),
      writes: Math.max(0, this.writes.available(now)),
      hourly: Math.max(0, this.hourly.available(now)),
      ...(paused ? { pausedUntil: new Date(paused).toISOString() } : {}),
    };
  }
}

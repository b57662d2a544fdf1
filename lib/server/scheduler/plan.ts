import "server-only";
/**
 * The scheduler's arithmetic, pure so it can be tested and printed in
 * ARCHITECTURE.md. Background reads are a fixed hourly rate (the budget's
 * background share, 400 of 1,000): each class of campaign gets an interval,
 * people's first, and what is left is spread over the rest. A refresh is one
 * `since` read, so a campaign refreshed every `e` ms costs 3,600,000 / e reads
 * an hour.
 */
export type Klass = "asked" | "looked" | "fill" | "dueSoon" | "rest";

/**
 * Lower runs first. Due soon before looked at: the one has a publication
 * time, the other's page brought it up to date when it opened (freshen.ts);
 * both before a first fill, many pages that may take the minute's last reads.
 * The pace they share is split by the due-soon reserve, not by this order.
 */
export const RANK: Record<Klass, number> = { asked: 0, dueSoon: 1, looked: 2, fill: 3, rest: 4 };

export type PlanConfig = {
  /** Background reads an hour the scheduler may spend (the lane's share of the hourly budget). */
  readsPerHour: number;
  /** Most reads it may spend at once after an idle spell (a history backfill is five). */
  burst: number;
  /** A campaign someone looks at (a page open on it), refreshed this often when the pace allows: a watcher sees a change within it. */
  lookedEveryMs: number;
  /** A waiting post planned within this window makes its campaign due soon. */
  dueSoonWindowMs: number;
  dueSoonEveryMs: number;
  /** The rest: never more often than this, never less often than `restMaxMs`. */
  restMinMs: number;
  restMaxMs: number;
  /** Share of the hour left to the engagement series when the mirror's classes leave room. */
  collectorShare: number;
  tickMs: number;
};

export const DEFAULT_PLAN: PlanConfig = {
  readsPerHour: 400,
  burst: 8,
  lookedEveryMs: 25_000,
  dueSoonWindowMs: 2 * 3_600_000,
  dueSoonEveryMs: 50_000,
  restMinMs: 120_000,
  restMaxMs: 30 * 60_000,
  collectorShare: 0.25,
  tickMs: 2_000,
};

const HOUR = 3_600_000;
const perHour = (everyMs: number) => HOUR / everyMs;

export type Counts = { looked: number; dueSoon: number; rest: number };

export type Intervals = {
  looked: number;
  dueSoon: number;
  rest: number;
  /** Reads an hour of each class at these intervals. */
  lookedReadsPerHour: number;
  dueSoonReadsPerHour: number;
  restReadsPerHour: number;
};

/**
 * Each class's interval for these counts. The due-soon campaigns' share of
 * the pace is set aside first (every `dueSoonEveryMs`, stretched only when
 * they alone pass the pace); looked-at campaigns take what it leaves, every
 * `lookedEveryMs` while that holds, else their share spread over them (the
 * cap: a busy team of watchers never starves a post about to publish); the
 * rest share what remains after both and the collector's share, within
 * [restMinMs, restMaxMs]. Asked and first fills are one-offs outside this.
 */
export function intervals(n: Counts, c: PlanConfig = DEFAULT_PLAN): Intervals {
  const dueSoon = Math.max(c.dueSoonEveryMs, n.dueSoon > 0 ? (n.dueSoon * HOUR) / c.readsPerHour : 0);
  const dueSoonReadsPerHour = n.dueSoon * perHour(dueSoon);
  const lookedShare = c.readsPerHour - dueSoonReadsPerHour;
  const looked = n.looked === 0 ? c.lookedEveryMs : lookedShare <= 0 ? Infinity : Math.max(c.lookedEveryMs, (n.looked * HOUR) / lookedShare);
  const lookedReadsPerHour = n.looked * perHour(looked);
  const left = Math.max(0, c.readsPerHour * (1 - c.collectorShare) - dueSoonReadsPerHour - lookedReadsPerHour);
  const rest = n.rest === 0 ? c.restMinMs : left <= 0 ? c.restMaxMs : Math.min(c.restMaxMs, Math.max(c.restMinMs, (n.rest * HOUR) / left));
  return { looked, dueSoon, rest, lookedReadsPerHour, dueSoonReadsPerHour, restReadsPerHour: n.rest * perHour(rest) };
}

/**
 * Tokens a refresh of this class must find in the pace's bucket: it leaves
 * one for each campaign of the classes before it (at most the burst less
 * one), so a class never spends what those need next. Asked and due soon
 * take any token; looked at leaves the due-soon campaigns theirs; kept
 * answers wanted again (account, projects, campaigns), the rest and the
 * collector leave both theirs. With that set aside a due-soon
 * campaign never waits for the pace while `dueSoon × 3600 / 400 s` (9 s a
 * campaign) fits in its interval: up to five at 50 s, six at 54 s.
 */
export function floorOf(klass: Klass | "kept" | "collector", n: Pick<Counts, "looked" | "dueSoon">, c: Pick<PlanConfig, "burst"> = DEFAULT_PLAN): number {
  const before = klass === "asked" || klass === "dueSoon" || klass === "fill" ? 0 : klass === "looked" ? n.dueSoon : n.dueSoon + n.looked;
  return 1 + Math.max(0, Math.min(c.burst - 1, before));
}

/** Reads an hour a plan spends on the mirror (the figure ARCHITECTURE.md tabulates). */
export function mirrorReadsPerHour(n: Counts, c: PlanConfig = DEFAULT_PLAN): number {
  const i = intervals(n, c);
  return i.lookedReadsPerHour + i.dueSoonReadsPerHour + i.restReadsPerHour;
}

/** A token bucket at the plan's rate: the scheduler's own pacing, so an hour never holds more than `readsPerHour`. */
export class Pacing {
  private tokens: number;
  private at: number;
  constructor(
    private readonly c: Pick<PlanConfig, "readsPerHour" | "burst">,
    now: number,
  ) {
    this.tokens = c.burst;
    this.at = now;
  }
  available(now: number): number {
    this.tokens = Math.min(this.c.burst, this.tokens + ((now - this.at) * this.c.readsPerHour) / HOUR);
    this.at = now;
    return this.tokens;
  }
  /** How long until one read is allowed. */
  waitMs(now: number): number {
    const t = this.available(now);
    return t >= 1 ? 0 : Math.ceil(((1 - t) * HOUR) / this.c.readsPerHour);
  }
  /** Pays reads already made; the bucket may go below zero (a fill's pages), paid back before the next read. */
  spend(reads: number, now: number): void {
    this.available(now);
    this.tokens -= reads;
  }
}

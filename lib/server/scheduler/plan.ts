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

/** Lower runs first. */
export const RANK: Record<Klass, number> = { asked: 0, looked: 1, fill: 2, dueSoon: 3, rest: 4 };

export type PlanConfig = {
  /** Background reads an hour the scheduler may spend (the lane's share of the hourly budget). */
  readsPerHour: number;
  /** Most reads it may spend at once after an idle spell (a history backfill is five). */
  burst: number;
  /** A campaign someone looks at (a page open on it), refreshed this often: a watcher sees a change within it. */
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
  lookedEveryMs: 20_000,
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

/**
 * Each class's interval for these counts. Looked-at and due-soon campaigns
 * get their fixed intervals (the targets); the rest share what remains after
 * them and the collector's share, within [restMinMs, restMaxMs]. When the
 * first two classes alone exceed the rate, the rest get `restMaxMs` and the
 * tick's order (RANK) decides who waits: people's campaigns never do.
 */
export function intervals(n: Counts, c: PlanConfig = DEFAULT_PLAN): { looked: number; dueSoon: number; rest: number; restReadsPerHour: number } {
  const first = n.looked * perHour(c.lookedEveryMs) + n.dueSoon * perHour(c.dueSoonEveryMs);
  const left = Math.max(0, c.readsPerHour * (1 - c.collectorShare) - first);
  const rest = n.rest === 0 ? c.restMinMs : left <= 0 ? c.restMaxMs : Math.min(c.restMaxMs, Math.max(c.restMinMs, (n.rest * HOUR) / left));
  return { looked: c.lookedEveryMs, dueSoon: c.dueSoonEveryMs, rest, restReadsPerHour: n.rest * perHour(rest) };
}

/** Reads an hour a plan spends on the mirror (the figure ARCHITECTURE.md tabulates). */
export function mirrorReadsPerHour(n: Counts, c: PlanConfig = DEFAULT_PLAN): number {
  const i = intervals(n, c);
  return n.looked * perHour(i.looked) + n.dueSoon * perHour(i.dueSoon) + i.restReadsPerHour;
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

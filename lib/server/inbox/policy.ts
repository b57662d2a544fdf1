/**
 * Who gets the inbox's budget: a pure function of what the campaigns hold, so
 * every instance that sees the same data draws the same plan (see scheduler.ts
 * for why that keeps N instances at the cost of one).
 *
 * Intervals come from one ladder, 15 s × 2^k. Polls happen on a 15 s grid
 * keyed to the last refresh every instance can see (the cached list's fetch
 * time), and the gateway's list freshness ends on the same 15 s slots, so a
 * campaign polled every 60 s by one instance and every 30 s by another costs
 * what the 30 s one costs: every slot of the slower is a slot of the faster.
 */
export const GRID_MS = 15_000;
const HOUR_MS = 3_600_000;
export const LADDER_MS: readonly number[] = Array.from({ length: 9 }, (_, k) => GRID_MS * 2 ** k); // 15 s … 64 min

export type CampaignFacts = {
  id: number;
  /** A waiting post is due within the window (or only just overdue). */
  dueSoon: boolean;
  /** Someone named it in an inbox or queue request lately. */
  watched: boolean;
  /** Its waiting set changed lately. */
  busy: boolean;
  /** Soonest planned time of its waiting posts. */
  earliestMs?: number;
};

export type Tiers = { dueSoonEveryMs: number; busyEveryMs: number; quietEveryMs: number };

const perHour = (intervalMs: number) => HOUR_MS / intervalMs;

/** The ladder step at or above `ms`. */
export function ladderAtLeast(ms: number): number {
  return LADDER_MS.find((l) => l >= ms) ?? (LADDER_MS[LADDER_MS.length - 1] as number);
}

/** What a campaign would get with budget to spare; being looked at buys one step faster. */
export function desiredInterval(f: CampaignFacts, t: Tiers): number {
  const base = ladderAtLeast(f.dueSoon ? t.dueSoonEveryMs : f.busy ? t.busyEveryMs : t.quietEveryMs);
  return f.watched ? Math.max(GRID_MS, base / 2) : base;
}

/** Most deserving first: a deadline, then someone looking, then recent changes, then the soonest post. */
export function byPriority(a: CampaignFacts, b: CampaignFacts): number {
  const flags = (f: CampaignFacts) => (f.dueSoon ? 4 : 0) + (f.watched ? 2 : 0) + (f.busy ? 1 : 0);
  return flags(b) - flags(a) || (a.earliestMs ?? Infinity) - (b.earliestMs ?? Infinity) || a.id - b.id;
}

/**
 * Interval per campaign, spending at most `capacityPerHour` polls an hour.
 * Everyone first gets the quiet interval (or, when even that does not fit,
 * the fastest step everyone can have: the hourly cap wins over the 120 s
 * promise on an account with very many campaigns); then, most deserving
 * first, each is moved as close to its desired interval as what is left allows.
 */
export function planIntervals(facts: readonly CampaignFacts[], capacityPerHour: number, t: Tiers): Map<number, number> {
  const plan = new Map<number, number>();
  if (facts.length === 0) return plan;
  const quiet = ladderAtLeast(t.quietEveryMs);
  const floor =
    LADDER_MS.find((l) => l >= quiet && facts.length * perHour(l) <= capacityPerHour) ?? (LADDER_MS[LADDER_MS.length - 1] as number);
  let left = capacityPerHour - facts.length * perHour(floor);
  for (const f of [...facts].sort(byPriority)) {
    plan.set(f.id, floor);
    const wanted = Math.min(desiredInterval(f, t), floor);
    for (const step of LADDER_MS) {
      if (step < wanted || step >= floor) continue;
      const extra = perHour(step) - perHour(floor);
      if (extra <= left) {
        plan.set(f.id, step);
        left -= extra;
        break;
      }
    }
  }
  return plan;
}

/** Polls an hour a plan costs. */
export function planCost(plan: ReadonlyMap<number, number>): number {
  let sum = 0;
  for (const ms of plan.values()) sum += perHour(ms);
  return sum;
}

/**
 * A campaign's own offset within the 15 s grid (0–9 s): spreads polls over
 * the slot, and is the same on every instance, so their polls still meet.
 */
export function phaseMs(campaignId: number): number {
  return (Math.imul(campaignId, 2654435761) >>> 0) % 10 * 1000;
}

/** The campaign's grid point at or before `t` (on a grid of `step`, default 15 s). */
export function gridFloor(t: number, campaignId: number, step = GRID_MS): number {
  const phase = phaseMs(campaignId);
  return Math.floor((t - phase) / step) * step + phase;
}

export type PollHistory = {
  /** The last poll (or first read). */
  polledAt?: number;
  /** The last notification for the campaign, as every instance knows it (signals.ts). */
  notifiedAt?: number;
  /** Set when the last poll failed or was answered with old data: not before this. */
  retryAt?: number;
};

/**
 * When a campaign's next poll is due. The moments form a chain every instance
 * computes alike, whatever it has seen itself: every `interval` from the grid's
 * origin, or, once notified, every `interval` from the notification's grid
 * point (a notification counts as a refresh, so it postpones the poll). With
 * ladder intervals, the chains of two instances that disagree on the interval
 * are nested: the slower polls only where the faster does.
 */
export function nextPollAt(h: PollHistory, campaignId: number, interval: number, maxListAgeMs: number): number {
  if (h.polledAt === undefined) return -Infinity;
  const after = gridFloor(h.polledAt, campaignId);
  if (h.retryAt !== undefined) return Math.max(after + GRID_MS, gridFloor(h.retryAt + GRID_MS - 1, campaignId));
  const anchor = h.notifiedAt === undefined ? phaseMs(campaignId) : gridFloor(h.notifiedAt, campaignId);
  const m = Math.floor((after - anchor) / interval) + 1;
  let at = anchor + Math.max(m, h.notifiedAt === undefined ? m : 1) * interval;
  // A point in the same 15 s slot as the last poll would be answered by the cache: the next one counts.
  if (at - h.polledAt < GRID_MS) at += interval;
  // Never longer than one interval after the last refresh: a poll off the chain (after a first pass
  // made at an odd moment) is worth one call to keep that promise.
  at = Math.min(at, gridFloor(Math.max(h.polledAt, h.notifiedAt ?? -Infinity), campaignId) + interval);
  // Notifications postpone polls, but a lost one must not hide a change for long: the list is read
  // at least every maxListAge, on a grid of its own (the same on every instance).
  return at > after + maxListAgeMs ? gridFloor(after + maxListAgeMs, campaignId, maxListAgeMs) : at;
}

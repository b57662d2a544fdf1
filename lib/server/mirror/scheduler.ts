import "server-only";
import type { Post } from "@/lib/schemas";
import type { Clock } from "@/lib/server/gateway/clock";
import { log } from "@/lib/server/log";
import type { Refresher } from "./refresh";
import type { MirrorStore } from "./store";

/**
 * The one owner of the mirror's background refreshes (issue 31, point 2): it
 * replaces the inbox scheduler's reads and the views' own refreshes. Each
 * active or frozen campaign is refreshed with one `since` read:
 * - every `dueSoonEveryMs` (30 s) while a waiting post of it is planned within `dueSoonMs`;
 * - every `activeEveryMs` (120 s) while anyone has used the dashboard within `activeWindowMs`;
 * - every `idleEveryMs` (10 min) when nobody has;
 * - at once when asked (`soon`: a webhook for it, a decision whose outcome is unknown).
 * All of it in the background lane: a refusal leaves the campaign due, and the
 * tick stops there (the rest would be refused too). Whether a campaign is due
 * is read from the database's sync state, so instances on one database never
 * refresh what another one just did; the refresher's lease keeps two from
 * doing it at the same moment.
 */
export type MirrorScheduleConfig = {
  dueSoonMs: number;
  dueSoonEveryMs: number;
  activeEveryMs: number;
  idleEveryMs: number;
  activeWindowMs: number;
  tickMs: number;
};

export const DEFAULT_SCHEDULE: MirrorScheduleConfig = {
  dueSoonMs: 120 * 60_000,
  dueSoonEveryMs: 30_000,
  activeEveryMs: 120_000,
  idleEveryMs: 10 * 60_000,
  activeWindowMs: 5 * 60_000,
  tickMs: 5_000,
};

export type SchedulerDeps = {
  store: MirrorStore;
  refresher: Refresher;
  clock: Clock;
  /** The active and frozen campaigns' ids (the service's cached campaigns list, background lane). */
  campaigns: () => Promise<readonly number[]>;
  config?: Partial<MirrorScheduleConfig>;
};

export type SchedulerStats = { running: boolean; campaigns: number; refreshesLastHour: number; refusedLastHour: number; lastRefreshAt?: number };

const HOUR = 3_600_000;
const WAITING = "WAITING_APPROVAL";

/** A waiting post planned within the window (or only just overdue). */
export function dueSoon(posts: readonly Post[], now: number, windowMs: number): boolean {
  return posts.some((p) => {
    if (p.status !== WAITING || !p.published_at) return false;
    const t = Date.parse(p.published_at);
    return t >= now - windowMs && t <= now + windowMs;
  });
}

export class MirrorScheduler {
  readonly c: MirrorScheduleConfig;
  private lastActivity = -Infinity;
  private running = false;
  private ticking = false;
  private cancel?: () => void;
  private readonly asked = new Set<number>();
  private refreshes: number[] = [];
  private refused: number[] = [];
  private known = 0;
  private lastRefreshAt?: number;

  constructor(private readonly d: SchedulerDeps) {
    this.c = { ...DEFAULT_SCHEDULE, ...d.config };
  }

  /** Someone is using the dashboard: the faster interval applies, and the loop runs. */
  activity(): void {
    this.note();
    this.start();
  }

  /** The same, without starting the loop (a service whose ticks are driven by hand). */
  note(): void {
    this.lastActivity = this.d.clock.now();
  }

  /** A refresh of this campaign at the next tick (a webhook, an unknown outcome). */
  soon(campaignId: number): void {
    this.asked.add(campaignId);
    if (this.running && !this.ticking) this.arm(0);
  }

  active(now = this.d.clock.now()): boolean {
    return now - this.lastActivity <= this.c.activeWindowMs;
  }

  /** How often a campaign holding these posts is refreshed now. */
  intervalFor(posts: readonly Post[], now = this.d.clock.now()): number {
    if (dueSoon(posts, now, this.c.dueSoonMs)) return this.c.dueSoonEveryMs;
    return this.active(now) ? this.c.activeEveryMs : this.c.idleEveryMs;
  }

  stats(): SchedulerStats {
    const now = this.d.clock.now();
    this.refreshes = this.refreshes.filter((t) => t > now - HOUR);
    this.refused = this.refused.filter((t) => t > now - HOUR);
    return { running: this.running, campaigns: this.known, refreshesLastHour: this.refreshes.length, refusedLastHour: this.refused.length, lastRefreshAt: this.lastRefreshAt };
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.arm(0);
  }

  stop(): void {
    this.running = false;
    this.cancel?.();
    this.cancel = undefined;
  }

  private arm(ms: number): void {
    this.cancel?.();
    this.cancel = this.d.clock.setTimer(() => void this.tick(), ms);
  }

  /** One pass: every due campaign, most urgent first, until the lane refuses. */
  async tick(): Promise<void> {
    if (this.ticking) return;
    this.ticking = true;
    try {
      const now = this.d.clock.now();
      const ids = await this.d.campaigns();
      this.known = ids.length;
      const due: { id: number; late: number }[] = [];
      for (const id of ids) {
        const m = await this.d.store.read(id);
        if (!m) {
          due.push({ id, late: Infinity });
          continue;
        }
        const late = now - m.sync.fetchedAt - this.intervalFor(m.posts, now);
        if (late >= 0 || this.asked.has(id)) due.push({ id, late: this.asked.has(id) ? Infinity : late });
      }
      due.sort((a, b) => b.late - a.late);
      for (const { id } of due) {
        this.asked.delete(id);
        try {
          const outcome = await this.d.refresher.refresh(id, "background");
          if (outcome !== "held") {
            this.refreshes.push(this.d.clock.now());
            this.lastRefreshAt = this.d.clock.now();
          }
        } catch (e) {
          this.refused.push(this.d.clock.now());
          log.debug("mirror refresh not made", { campaignId: id, error: e instanceof Error ? e.message : String(e) });
          break;
        }
      }
    } catch (e) {
      log.warn("mirror schedule failed", { error: e instanceof Error ? e.message : String(e) });
    } finally {
      this.ticking = false;
      if (this.running) this.arm(this.c.tickMs);
    }
  }
}

import "server-only";
import type { Clock } from "@/lib/server/gateway/clock";

/**
 * What people ask of the upstream scheduler, recorded where they ask it (the
 * service's reads, decisions, webhooks) and read by the scheduler
 * (./scheduler.ts) at its next tick. Kept apart from the scheduler so the
 * service needs no upstream loop of its own: it only says what is wanted.
 */
export class Wants {
  private readonly asked = new Set<number>();
  private lastActivity = -Infinity;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly clock: Pick<Clock, "now">) {}

  /** Refresh this campaign at the next tick (a webhook, a decision whose outcome is unknown). */
  soon(campaignId: number): void {
    this.asked.add(campaignId);
    for (const l of this.listeners) l();
  }

  /**
   * A reader across campaigns met campaigns never filled: the job runs now.
   * They stay in the scheduler's own "fill" class (background lane, ahead of
   * the steady refreshes): asked one by one (`soon`), forty of them would go
   * before campaigns people have open and spend the scheduler's pace.
   */
  wake(): void {
    for (const l of this.listeners) l();
  }

  /** Someone used the dashboard. */
  note(): void {
    this.lastActivity = this.clock.now();
  }

  /** Whether anyone used the dashboard within the window. */
  active(windowMs: number, now = this.clock.now()): boolean {
    return now - this.lastActivity <= windowMs;
  }

  /** The campaigns asked for since the last call (the scheduler takes them). */
  take(): Set<number> {
    const s = new Set(this.asked);
    this.asked.clear();
    return s;
  }

  /** Put back what could not be done (the lane refused). */
  putBack(ids: Iterable<number>): void {
    for (const id of ids) this.asked.add(id);
  }

  /** Called on `soon`: the scheduler runs at once instead of at its next tick. */
  onAsk(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Nothing to stop: kept so callers that stopped the old scheduler stay valid. */
  stop(): void {}
}

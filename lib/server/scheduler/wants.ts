import "server-only";
import type { Clock } from "@/lib/server/gateway/clock";
import type { MirrorStore } from "@/lib/server/mirror/store";

/** Where kept answers' wants are recorded for every instance (the mirror's database: `upstream_wants`). */
export type KeptWants = Pick<MirrorStore, "want" | "wanted" | "unwant">;

/** One instance records a key's want at most this often (many readers of one expired answer write once). */
const REPEAT_MS = 10_000;

/** A campaign asked for, as a row of `upstream_wants` (beside kept answers' keys, which never start so). */
const ASKED = "mirror:";

/**
 * What people ask of the upstream scheduler, recorded where they ask it (the
 * service's reads, decisions, webhooks) and read by the scheduler
 * (./scheduler.ts) at its next tick. Kept apart from the scheduler so the
 * service needs no upstream loop of its own: it only says what is wanted.
 * Both are recorded in the database when one is given (campaigns asked for
 * and kept answers shown past their freshness), so the scheduler acts on
 * them whichever instance runs it; this process's asks are also kept in
 * memory (a database that did not answer loses none of them here).
 */
export class Wants {
  private readonly asked = new Set<number>();
  /** Kept answers wanted: when this instance last recorded each. */
  private readonly kept = new Map<string, number>();
  private lastActivity = -Infinity;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly clock: Pick<Clock, "now">,
    private readonly store?: KeptWants,
  ) {}

  /** A kept answer (account, projects, campaigns…) was shown past its freshness: the scheduler reads it again within its pace. */
  keep(key: string): void {
    const now = this.clock.now();
    const last = this.kept.get(key);
    if (last !== undefined && (!this.store || now - last < REPEAT_MS)) return;
    if (this.store) for (const [k, at] of this.kept) if (now - at >= REPEAT_MS) this.kept.delete(k);
    this.kept.set(key, now);
    // Not recorded (the database did not answer): the next reader of the answer asks again.
    this.store?.want(key, now).catch(() => this.kept.delete(key));
    for (const l of this.listeners) l();
  }

  /** Kept answers wanted, longest waiting first: every instance's when the database holds them. */
  async keptWanted(): Promise<string[]> {
    if (!this.store) return [...this.kept.keys()];
    return (await this.store.wanted()).map((w) => w.key).filter((k) => !k.startsWith(ASKED));
  }

  /** The key was read again, or cannot be: no longer wanted. */
  async keptDone(key: string): Promise<void> {
    this.kept.delete(key);
    await this.store?.unwant(key);
  }

  /** Refresh this campaign at the next tick (a webhook, a decision whose outcome is unknown). */
  soon(campaignId: number): void {
    this.asked.add(campaignId);
    this.store?.want(`${ASKED}${campaignId}`, this.clock.now()).catch(() => undefined);
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

  /** The campaigns asked for since the last call, on this instance (the scheduler takes them). */
  take(): Set<number> {
    const s = new Set(this.asked);
    this.asked.clear();
    return s;
  }

  /** The campaigns asked for since the last call on any instance (the scheduler takes them; `putBack` keeps them here). */
  async takeAsked(): Promise<Set<number>> {
    const s = this.take();
    if (!this.store) return s;
    const rows = await this.store.wanted(500, ASKED).catch(() => []);
    for (const r of rows) {
      const id = Number(r.key.slice(ASKED.length));
      if (Number.isSafeInteger(id) && id > 0) s.add(id);
      await this.store.unwant(r.key).catch(() => undefined);
    }
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
}

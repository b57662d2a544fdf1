import { flushMicrotasks, type Clock } from "@/lib/server/gateway/clock";

type Timer = { at: number; seq: number; fn: () => void };

/**
 * A manual clock: time moves only through `advance`, which fires due timers in
 * time order and lets the promise chains they wake run before going on.
 */
export class FakeClock implements Clock {
  private current: number;
  private timers: Timer[] = [];
  private seq = 0;

  constructor(
    start = Date.parse("2025-01-01T00:00:00Z"),
    /** Told every time the clock moves (an integration test keeps the process's Date in step). */
    private readonly onMove?: (now: number) => void,
  ) {
    this.current = start;
  }

  private moveTo(t: number): void {
    if (t <= this.current) return;
    this.current = t;
    this.onMove?.(t);
  }

  now(): number {
    return this.current;
  }

  setTimer(fn: () => void, ms: number): () => void {
    const timer: Timer = { at: this.current + Math.max(0, ms), seq: this.seq++, fn };
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((t) => t !== timer);
    };
  }

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => this.setTimer(resolve, ms));
  }

  /** When the next timer fires, if any. */
  nextTimerAt(): number | undefined {
    return this.timers.reduce<number | undefined>((min, t) => (min === undefined || t.at < min ? t.at : min), undefined);
  }

  async advance(ms: number): Promise<void> {
    const end = this.current + ms;
    await flushMicrotasks();
    for (;;) {
      const next = this.nextDue(end);
      if (!next) break;
      this.timers = this.timers.filter((t) => t !== next);
      this.moveTo(next.at);
      next.fn();
      await flushMicrotasks();
    }
    this.moveTo(end);
    await flushMicrotasks();
  }

  private nextDue(end: number): Timer | undefined {
    let best: Timer | undefined;
    for (const t of this.timers) {
      if (t.at > end) continue;
      if (!best || t.at < best.at || (t.at === best.at && t.seq < best.seq)) best = t;
    }
    return best;
  }
}

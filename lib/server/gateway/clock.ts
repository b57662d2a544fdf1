import "server-only";
/**
 * Time as the gateway sees it. Injected so tests and the benchmark can run a
 * simulated hour in milliseconds: nothing in the gateway reads Date.now() or
 * calls setTimeout directly.
 */
export interface Clock {
  now(): number;
  /** Calls `fn` after `ms`; returns a function that cancels it. */
  setTimer(fn: () => void, ms: number): () => void;
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer(fn, ms) {
    const t = setTimeout(fn, Math.max(0, ms));
    // A pending budget timer must never keep a process (a test, a script) alive.
    t.unref?.();
    return () => clearTimeout(t);
  },
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms))),
};

/** Lets pending promise callbacks run (one macrotask turn drains the microtask queue). */
export const flushMicrotasks = () => new Promise<void>((resolve) => setImmediate(resolve));

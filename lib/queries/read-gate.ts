/*
 * No retry storms (issue 31 point 6). Every GET the browser makes goes
 * through one gate per URL (path and query: one query's request):
 * - one request at a time: a second read of a URL already in flight (a
 *   refetch that cancelled its predecessor, a remount, a poll) joins it;
 * - after a budget refusal (429, or 503 `budget_exhausted`) the URL is not
 *   asked again before the server's Retry-After nor before a backoff of
 *   10 s, 20 s, 40 s… (at most 5 min) from the refusal: whoever asks sooner
 *   (a poll, the outage banner, a remount) gets the same refusal at once,
 *   without a request. A tab open through a minute-long refusal so sends at
 *   most 3 requests per URL that minute (at 0, ≥10 and ≥30 s).
 * Other failures (network, upstream down) are not held here: the outage
 * banner's own backoff (heal.ts) paces them.
 */

/** The backoff's first step after a refusal; doubled per refusal in a row. */
export const REFUSAL_BACKOFF_MS = 10_000;
export const REFUSAL_BACKOFF_MAX_MS = 5 * 60_000;
/** A refusal this long past its wait is forgotten: the next one starts the backoff over. */
const REFUSAL_MEMORY_MS = 2 * 60_000;

/** What a refused answer leaves behind for the URL. */
export type Refusal = { at: number; notBefore: number; count: number; error: Error & { retryAfterSeconds?: number } };

export function refusalWaitMs(count: number, retryAfterSeconds: number | undefined): number {
  const backoff = Math.min(REFUSAL_BACKOFF_MAX_MS, REFUSAL_BACKOFF_MS * 2 ** Math.max(0, count - 1));
  return Math.max(backoff, (retryAfterSeconds ?? 0) * 1000);
}

/** A reader's own cancellation, as fetch reports one. */
const abortError = () => new DOMException("The operation was aborted.", "AbortError");

type Flight = { response: Promise<Response>; waiting: number; controller: AbortController };

export class ReadGate {
  readonly #flights = new Map<string, Flight>();
  readonly #refusals = new Map<string, Refusal>();

  constructor(private readonly now: () => number = () => Date.now()) {}

  /** The refusal holding this URL back now, if any. */
  held(url: string): Refusal | undefined {
    const r = this.#refusals.get(url);
    return r && this.now() < r.notBefore ? r : undefined;
  }

  /** The latest time any held URL may be asked again (for the banner's countdown); 0 when none is held. */
  latestOpening(): number {
    let latest = 0;
    const t = this.now();
    for (const r of this.#refusals.values()) if (r.notBefore > t) latest = Math.max(latest, r.notBefore);
    return latest;
  }

  /** A refused answer for `url`: holds it back by the server's wait and the backoff. */
  refused(url: string, error: Error & { retryAfterSeconds?: number }): Refusal {
    const t = this.now();
    const before = this.#refusals.get(url);
    // Held already: nothing was sent since, so this is the same refusal read by a joined reader (or an older flight's).
    if (before && t < before.notBefore) return before;
    const count = before && t - before.notBefore < REFUSAL_MEMORY_MS ? before.count + 1 : 1;
    const refusal = { at: t, notBefore: t + refusalWaitMs(count, error.retryAfterSeconds), count, error };
    this.#refusals.set(url, refusal);
    return refusal;
  }

  /** An answer that was not a refusal: the URL is free again. */
  answered(url: string): void {
    this.#refusals.delete(url);
  }

  /**
   * The response for `url`: joined to the one in flight, or sent by `send`
   * (with the gate's own signal, aborted only when every reader gave up).
   * Each reader gets its own copy of the response to read.
   */
  async fetch(url: string, signal: AbortSignal | undefined, send: (signal: AbortSignal) => Promise<Response>): Promise<Response> {
    let flight = this.#flights.get(url);
    if (!flight) {
      const controller = new AbortController();
      const response = send(controller.signal);
      const started: Flight = { response, waiting: 0, controller };
      flight = started;
      this.#flights.set(url, started);
      const done = () => {
        if (this.#flights.get(url) === started) this.#flights.delete(url);
      };
      response.then(done, done);
    }
    const current = flight;
    current.waiting += 1;
    let left = false;
    const leave = () => {
      if (left) return;
      left = true;
      current.waiting -= 1;
      if (current.waiting === 0) {
        current.controller.abort();
        if (this.#flights.get(url) === current) this.#flights.delete(url);
      }
    };
    if (signal?.aborted) {
      leave();
      throw abortError();
    }
    return new Promise<Response>((resolve, reject) => {
      const onAbort = () => {
        leave();
        reject(abortError());
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      current.response.then(
        (r) => {
          signal?.removeEventListener("abort", onAbort);
          if (left) return;
          left = true;
          current.waiting -= 1;
          resolve(r.clone());
        },
        (e: unknown) => {
          signal?.removeEventListener("abort", onAbort);
          if (left) return;
          left = true;
          current.waiting -= 1;
          reject(e);
        },
      );
    });
  }
}

/** The tab's one gate (module state: every query of the tab shares it). */
export const readGate = new ReadGate();

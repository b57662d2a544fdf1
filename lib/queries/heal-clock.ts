import { focusManager, onlineManager } from "@tanstack/react-query";
import { FIRST_HEAL_ATTEMPT, HEAL_MAX_DELAY_MS, healDelayMs } from "./heal";

/**
 * The clock of one outage: when the next attempt is, counted down for the
 * banner, fired on time, at once when the tab comes back into view or the
 * network returns, or when someone asks. What an attempt does is the owner's
 * (`heal`); the clock learns how it went from what is failing afterwards.
 *
 * - waiting: something is failing; the next attempt comes `healDelayMs` after
 *   the latest failure (2 s, 4 s, 8 s, then 15 s; the server's Retry-After,
 *   capped at 15 s, when it gave one), but never before the budget's refused
 *   reads may go again (`notBefore`, uncapped: the hour's budget can be a
 *   long wait, and an attempt before it sends nothing).
 * - checking: an attempt is out and no failure has come back since; if none
 *   ever does, the next attempt still comes within 15 s.
 * - offline: the browser says it has no network; the attempt waits for the
 *   network to come back (and then runs at once).
 */
export type HealPhase = "idle" | "waiting" | "checking" | "offline";
/** `nextAt`: when the next attempt is due (ms since the epoch; 0 when idle), for a long wait said as a time. */
export type HealSnapshot = { phase: HealPhase; secondsLeft: number; nextAt: number; error: unknown };

export type HealInputs = {
  /** Something on the page is failing now. */
  failing: boolean;
  /** When the latest failure happened (ms since the epoch). */
  lastFailureAt: number;
  /** The longest wait the server asked for among the failures. */
  retryAfterSeconds?: number;
  /**
   * When the reads the team's budget refused may go again (ms since the
   * epoch; lib/queries/read-gate.ts): no attempt before it, however long,
   * since an earlier one would only be refused again without a request.
   */
  notBefore?: number;
  /** Requests are in flight (an attempt's outcome may still come). */
  fetching: boolean;
  /** The failure to describe. */
  error?: unknown;
};

/** A failure coming back sooner than this after the page recovered continues the same backoff. */
export const OUTAGE_MEMORY_MS = 30_000;
/** Focus and network events closer than this to an attempt do not start another. */
const EVENT_GAP_MS = 1_000;

const IDLE: HealSnapshot = { phase: "idle", secondsLeft: 0, nextAt: 0, error: null };

export class HealClock {
  #inputs: HealInputs = { failing: false, lastFailureAt: 0, fetching: false };
  #attempt = FIRST_HEAL_ATTEMPT;
  #lastHealAt: number | null = null;
  #lastFailingAt = -Infinity;
  #lastError: unknown = null;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #snapshot: HealSnapshot = IDLE;
  #listeners = new Set<() => void>();
  #stops: (() => void)[] = [];

  constructor(
    private heal: () => void = () => {},
    private readonly now: () => number = Date.now,
  ) {}

  /** What an attempt does (the owner's latest callback). */
  setHeal(heal: () => void): void {
    this.heal = heal;
  }

  /** Starts listening for focus and the network (call from an effect; `stop` undoes it). */
  start(): void {
    this.stop();
    this.#stops.push(focusManager.subscribe((focused) => focused && this.#wake()));
    this.#stops.push(onlineManager.subscribe((online) => (online ? this.#wake() : this.#evaluate())));
    if (typeof window !== "undefined") {
      // Back to this window from another application (the tab never went hidden).
      const onFocus = () => this.#wake();
      window.addEventListener("focus", onFocus);
      this.#stops.push(() => window.removeEventListener("focus", onFocus));
    }
    this.#evaluate();
  }

  stop(): void {
    for (const stop of this.#stops.splice(0)) stop();
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  update(next: HealInputs): void {
    const t = this.now();
    const was = this.#inputs.failing;
    if (next.failing && !was && t - this.#lastFailingAt > OUTAGE_MEMORY_MS) {
      // A new outage: the backoff starts over.
      this.#attempt = FIRST_HEAL_ATTEMPT;
      this.#lastHealAt = null;
    }
    if (next.failing || was) this.#lastFailingAt = t;
    if (next.error !== undefined && next.error !== null) this.#lastError = next.error;
    this.#inputs = next;
    this.#evaluate();
  }

  /** "Try now": an attempt at once, whatever the countdown says. */
  tryNow = (): void => {
    if (this.#snapshot.phase !== "idle") this.#fire();
  };

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  getSnapshot = (): HealSnapshot => this.#snapshot;
  getServerSnapshot = (): HealSnapshot => IDLE;

  #wake(): void {
    const t = this.now();
    if (!this.#inputs.failing) return;
    // The refused reads would be refused again without a request: nothing to try before they may go.
    if (t < (this.#inputs.notBefore ?? 0)) return;
    if (this.#lastHealAt !== null && t - this.#lastHealAt < EVENT_GAP_MS) return;
    this.#fire();
  }

  #fire(): void {
    this.#lastHealAt = this.now();
    this.#attempt += 1;
    this.heal();
    this.#evaluate();
  }

  #evaluate(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const t = this.now();
    const { failing, lastFailureAt, retryAfterSeconds, fetching, notBefore = 0 } = this.#inputs;
    const checking = this.#lastHealAt !== null && this.#lastHealAt > lastFailureAt;
    const inFlight = checking && fetching && t < (this.#lastHealAt ?? 0) + HEAL_MAX_DELAY_MS;
    if (!failing && !inFlight) return this.#publish(IDLE);

    const nextAt = Math.max(notBefore, checking ? (this.#lastHealAt ?? t) + HEAL_MAX_DELAY_MS : lastFailureAt + healDelayMs(this.#attempt, retryAfterSeconds));
    const offline = !onlineManager.isOnline();
    if (failing && !offline && focusManager.isFocused() && t >= nextAt) return this.#fire();

    const left = Math.max(0, nextAt - t);
    const secondsLeft = Math.ceil(left / 1000);
    this.#publish({ phase: offline ? "offline" : checking ? "checking" : "waiting", secondsLeft, nextAt, error: this.#lastError });
    if (offline) return; // the network's return wakes the clock
    // Tick when the countdown's second changes (or the attempt is due); re-check a stuck flight at its deadline.
    const tick = left > 0 ? left - (secondsLeft - 1) * 1000 : 1000;
    this.#timer = setTimeout(() => this.#evaluate(), Math.max(1, Math.min(1000, tick)));
  }

  #publish(next: HealSnapshot): void {
    const prev = this.#snapshot;
    if (prev.phase === next.phase && prev.secondsLeft === next.secondsLeft && prev.error === next.error) return;
    this.#snapshot = next;
    for (const listener of this.#listeners) listener();
  }
}

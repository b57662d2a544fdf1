import "server-only";
import type { CallOptions } from "@/lib/server/upstream";
import { UpstreamContractError, UpstreamHttpError, UpstreamUnavailableError } from "@/lib/server/upstream/errors";
import { log } from "@/lib/server/log";
import type { BudgetLike, Lane, Lease } from "./budget";
import type { Clock } from "./clock";
import { BudgetRefusal } from "./errors";
import { budgetRefusals, budgetWaits, upstreamCalls, upstreamLatency, upstreamPauses, upstreamRetries } from "./series";
import { recordSpend } from "./spend-by-kind";

export type RetryPolicy = {
  /** First backoff step; doubled per retry, with jitter. */
  baseMs: number;
  /** Retries of a GET after the first attempt. */
  maxRetries: number;
  /** Retrying stops when the next attempt would start later than this after the first. */
  maxTotalMs: number;
};

export const DEFAULT_RETRY: RetryPolicy = { baseMs: 300, maxRetries: 2, maxTotalMs: 6_000 };

/**
 * How a failed attempt may be repeated:
 * - "get": on 429, 502, 503, 504 and network errors (not timeouts: a slow
 *   upstream would just be asked again for as long, and not 500/contract
 *   errors, which repeat), up to maxRetries.
 * - "once-on-network": approve, which is idempotent; a network error means the
 *   request most likely never arrived. Never after a timeout (see service/writes.ts).
 * - "never": reject.
 */
export type RetryMode = "get" | "once-on-network" | "never";

export type CallSpec = { op: string; lane: Lane; maxWaitMs: number; retry: RetryMode };

/** The HTTP status or failure kind, as upstream_requests_total labels it. */
export function outcomeLabel(e: unknown): string {
  if (e instanceof UpstreamHttpError) return String(e.status);
  if (e instanceof UpstreamUnavailableError) return e.reason;
  if (e instanceof UpstreamContractError) return "contract";
  return "error";
}

function retryable(e: unknown, mode: RetryMode, attempt: number, policy: RetryPolicy): boolean {
  if (mode === "never") return false;
  const network = e instanceof UpstreamUnavailableError && e.reason === "network";
  if (mode === "once-on-network") return network && attempt === 0;
  if (attempt >= policy.maxRetries) return false;
  return network || (e instanceof UpstreamHttpError && [429, 502, 503, 504].includes(e.status));
}

/** Sends upstream requests: pays each attempt from the budget, retries, counts, and obeys 429 pauses. */
export class Caller {
  /** Consecutive 429s without Retry-After, for our own backoff. */
  private pauseStreak = 0;

  constructor(
    private readonly budget: BudgetLike,
    private readonly clock: Clock,
    private readonly policy: RetryPolicy,
    private readonly random: () => number,
  ) {}

  private async token(spec: CallSpec, maxWaitMs: number) {
    const before = this.clock.now();
    try {
      const lease = await this.budget.acquire(spec.lane, maxWaitMs);
      if (this.clock.now() > before) budgetWaits.inc({ lane: spec.lane });
      recordSpend(spec.lane);
      return lease;
    } catch (e) {
      if (e instanceof BudgetRefusal) {
        budgetRefusals.inc({ lane: spec.lane });
        // A person's read refused is a page that may fail: say what held the windows, to find who spent them.
        if (spec.lane === "interactive") {
          log.warn("budget refused a person's read", { op: spec.op, paused: e.paused, retryInMs: e.retryAt - this.clock.now(), ...this.budget.snapshot() });
        }
      }
      throw e;
    }
  }

  /** Throws BudgetRefusal (no token in time) or the last upstream error. */
  async call<T>(spec: CallSpec, fn: (o: CallOptions) => Promise<T>): Promise<T> {
    const started = this.clock.now();
    let lastError: unknown;
    for (let attempt = 0; ; attempt++) {
      let lease: Lease;
      try {
        // A retry pays for itself too, and never waits past the total bound.
        const remaining = Math.max(0, started + this.policy.maxTotalMs - this.clock.now());
        lease = await this.token(spec, attempt === 0 ? spec.maxWaitMs : spec.lane === "background" ? 0 : remaining);
      } catch (refusal) {
        if (attempt > 0 && refusal instanceof BudgetRefusal) throw lastError;
        throw refusal;
      }
      const t0 = performance.now();
      try {
        // The client's own timeout (UPSTREAM_TIMEOUT_MS) bounds each attempt.
        const value = await fn({});
        lease.settle();
        upstreamCalls.inc({ operation: spec.op, status: "2xx" });
        upstreamLatency.observe({ operation: spec.op }, (performance.now() - t0) / 1000);
        this.pauseStreak = 0;
        return value;
      } catch (e) {
        lease.settle();
        lastError = e;
        upstreamCalls.inc({ operation: spec.op, status: outcomeLabel(e) });
        upstreamLatency.observe({ operation: spec.op }, (performance.now() - t0) / 1000);
        const retryAfterMs = this.onFailure(e);
        if (!retryable(e, spec.retry, attempt, this.policy)) throw e;
        const step = this.policy.baseMs * 2 ** attempt;
        // "Equal jitter": half fixed, half random, so retries of many keys spread out.
        const delay = Math.max(step / 2 + this.random() * (step / 2), retryAfterMs ?? 0);
        if (this.clock.now() + delay - started > this.policy.maxTotalMs) throw e;
        upstreamRetries.inc({ operation: spec.op, reason: outcomeLabel(e) });
        await this.clock.sleep(delay);
      }
    }
  }

  /** A 429 pauses every call until Retry-After, or our own growing backoff when it is absent. */
  private onFailure(e: unknown): number | undefined {
    if (!(e instanceof UpstreamHttpError)) return undefined;
    if (e.status === 429) {
      const seconds = e.retryAfterSeconds ?? Math.min(60, 5 * 2 ** this.pauseStreak++);
      const until = this.clock.now() + seconds * 1000;
      this.budget.pause(until);
      upstreamPauses.inc();
      log.warn("upstream 429: pausing all calls", { path: e.path, seconds, code: e.code });
      return seconds * 1000;
    }
    if (e.status === 503 && e.retryAfterSeconds !== undefined) return e.retryAfterSeconds * 1000;
    return undefined;
  }
}

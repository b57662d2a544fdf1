import "server-only";
import { brandSymbol, hasBrand } from "@/lib/brand";
const BUDGETEXHAUSTEDERROR_BRAND = brandSymbol("BudgetExhaustedError");

/**
 * Thrown when the request budget (or an upstream 429 pause) leaves nothing to
 * send and there is no last good answer to serve. Routes answer 503 with
 * `Retry-After: retryAfterSeconds`. An upstream 429 ends here too, so a raw
 * 429 never reaches a person.
 */
export class BudgetExhaustedError extends Error {
  readonly [BUDGETEXHAUSTEDERROR_BRAND] = true;
  static [Symbol.hasInstance](value: unknown): boolean {
    return hasBrand(value, BUDGETEXHAUSTEDERROR_BRAND);
  }

  readonly code = "budget_exhausted";

  constructor(
    readonly retryAfterSeconds: number,
    /** The team's window that is spent (spent-window.ts); unknown for a refusal made elsewhere. */
    readonly window?: "minute" | "hour",
  ) {
    super(`upstream request budget exhausted; next attempt in ${retryAfterSeconds} s`);
    this.name = "BudgetExhaustedError";
  }
}

/** Internal: the budget refused a token; `retryAt` is when it expects one (ms since epoch). */
export class BudgetRefusal extends Error {
  constructor(
    readonly retryAt: number,
    /** True when the refusal comes from an upstream 429 pause rather than our own buckets. */
    readonly paused: boolean,
  ) {
    super(paused ? "upstream asked us to pause" : "request budget refused");
    this.name = "BudgetRefusal";
  }
}

export function toExhausted(retryAt: number, now: number, window?: "minute" | "hour"): BudgetExhaustedError {
  return new BudgetExhaustedError(Math.max(1, Math.ceil((retryAt - now) / 1000)), window);
}

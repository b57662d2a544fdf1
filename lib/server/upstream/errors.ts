import "server-only";
import { brandSymbol, hasBrand } from "@/lib/brand";
const UPSTREAMHTTPERROR_BRAND = brandSymbol("UpstreamHttpError");

/**
 * Typed failures of the upstream client. Callers branch on the class, never
 * on message text: the upstream's `message` is Russian end-user text and is
 * passed on unchanged.
 */
export class UpstreamHttpError extends Error {
  readonly [UPSTREAMHTTPERROR_BRAND] = true;
  static [Symbol.hasInstance](value: unknown): boolean {
    return hasBrand(value, UPSTREAMHTTPERROR_BRAND);
  }

  constructor(
    readonly status: number,
    /** The upstream's machine-readable code; may be empty (401 and 429 codes are not described). */
    readonly code: string,
    /** The upstream's Russian, user-facing message. */
    readonly upstreamMessage: string,
    readonly path: string,
    /** Seconds, from a Retry-After header when the upstream sent one. */
    readonly retryAfterSeconds?: number,
  ) {
    super(`upstream ${status} ${code || "(no code)"} on ${path}`);
    this.name = "UpstreamHttpError";
  }
}

const UPSTREAMUNAVAILABLEERROR_BRAND = brandSymbol("UpstreamUnavailableError");

export class UpstreamUnavailableError extends Error {
  readonly [UPSTREAMUNAVAILABLEERROR_BRAND] = true;
  static [Symbol.hasInstance](value: unknown): boolean {
    return hasBrand(value, UPSTREAMUNAVAILABLEERROR_BRAND);
  }

  constructor(
    readonly reason: "network" | "timeout",
    readonly path: string,
    options?: { cause?: unknown },
  ) {
    super(`upstream unavailable (${reason}) on ${path}`, options);
    this.name = "UpstreamUnavailableError";
  }
}

const UPSTREAMCONTRACTERROR_BRAND = brandSymbol("UpstreamContractError");

export class UpstreamContractError extends Error {
  readonly [UPSTREAMCONTRACTERROR_BRAND] = true;
  static [Symbol.hasInstance](value: unknown): boolean {
    return hasBrand(value, UPSTREAMCONTRACTERROR_BRAND);
  }

  constructor(
    readonly path: string,
    /** Dotted path of the offending field, e.g. `posts.3.status`; "(body)" for unparsable JSON. */
    readonly field: string,
    readonly detail: string,
  ) {
    super(`upstream response of ${path} breaks the contract at ${field}: ${detail}`);
    this.name = "UpstreamContractError";
  }
}

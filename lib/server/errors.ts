import "server-only";
import * as z from "zod";
import { UpstreamContractError, UpstreamHttpError, UpstreamUnavailableError } from "@/lib/server/upstream/errors";
import { BudgetExhaustedError } from "@/lib/server/upstream-service";
import { log } from "@/lib/server/log";
import { brandSymbol, hasBrand } from "@/lib/brand";
import type { Locale } from "@/i18n/config";
import { requestLocale } from "@/lib/server/request-locale";
import { isServerText, serverText, text, type ServerText } from "@/i18n/server-text";

export { text, type ServerText } from "@/i18n/server-text";

/** A text written now, in the language of the request being answered (Russian outside one): a field of an answer, a stored note. */
export function say(t: ServerText): string {
  return serverText(t, requestLocale());
}

/**
 * The dashboard's one error type and one code→status table. Every failure a
 * route can answer ends up here, so the envelope `{ error: { code, message } }`
 * (the upstream's own shape) never varies. Messages are keys of
 * messages/<locale>/server.json with their values (`text(...)`), written in the
 * request's language when the envelope is written (lib/server/request-locale.ts).
 */
export const ERROR_STATUS = {
  validation_error: 400,
  unauthorized: 401,
  forbidden: 403,
  cross_site: 403,
  feature_unavailable: 403,
  subscription_inactive: 403,
  not_found: 404,
  no_posts: 404,
  method_not_allowed: 405,
  conflict: 409,
  signoff_required: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  internal_error: 500,
  upstream_auth: 502,
  upstream_contract: 502,
  upstream_error: 502,
  upstream_unavailable: 503,
  budget_exhausted: 503,
  upstream_timeout: 504,
  store_unavailable: 503,
} as const;

export type KnownErrorCode = keyof typeof ERROR_STATUS;

/** The default text of a known code. */
const defaultText = (code: KnownErrorCode): ServerText => text(`errors.${code}`);

const API_ERROR_BRAND = brandSymbol("ApiError");

export class ApiError extends Error {
  readonly [API_ERROR_BRAND] = true;
  static [Symbol.hasInstance](value: unknown): boolean {
    return hasBrand(value, API_ERROR_BRAND);
  }

  readonly status: number;

  constructor(
    /** A known code, or an upstream code passed through unchanged. */
    readonly code: string,
    /** A text by key (`text("share.linkRevoked")`), or words that came from elsewhere (the upstream's, in Russian). */
    message?: string | ServerText,
    options: { status?: number; retryAfterSeconds?: number; cause?: unknown; extra?: Record<string, unknown> } = {},
  ) {
    const known = code in ERROR_STATUS ? (code as KnownErrorCode) : undefined;
    const own = isServerText(message) ? message : message ? undefined : defaultText(known ?? "internal_error");
    // Error.message (logs, tests) is the default language's; the envelope is written in the request's.
    super(own ? serverText(own) : (message as string), { cause: options.cause });
    this.name = "ApiError";
    this.text = own;
    this.fallback = known ? defaultText(known) : undefined;
    this.status = options.status ?? (known ? ERROR_STATUS[known] : 500);
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.extra = options.extra ?? {};
  }

  readonly retryAfterSeconds?: number;
  /** Fields sent beside `error` (a budget refusal's `budget`: which window is spent and when it frees). */
  readonly extra: Record<string, unknown>;
  /** The message by key; undefined for words from elsewhere (the upstream's Russian message). */
  readonly text?: ServerText;
  /** The code's own text, for a reader of another language than words from elsewhere. */
  private readonly fallback?: ServerText;

  /** The message in `locale`: its text, or words from elsewhere as they came (Russian), or, in English, the code's own text. */
  messageIn(locale: Locale): string {
    if (this.text) return serverText(this.text, locale);
    return locale !== "ru" && this.fallback ? serverText(this.fallback, locale) : this.message;
  }

  toJSON(locale: Locale = requestLocale()): { error: { code: string; message: string } } {
    return { error: { code: this.code, message: this.messageIn(locale) } };
  }
}

/**
 * When to try again after a 503 whose cause named no time (upstream down or
 * failing): long enough not to hammer a service that is coming back.
 */
export const DEFAULT_RETRY_AFTER_SECONDS = 30;

/**
 * `{ error }` plus extra top-level fields (e.g. `audit_id`). Every 503 carries
 * Retry-After (the README promises it): the known wait, or the default.
 */
export function errorResponse(err: ApiError, headers: HeadersInit = {}, extra: Record<string, unknown> = {}): Response {
  const h = new Headers(headers);
  h.set("Cache-Control", "private, no-store");
  const retryAfter = err.retryAfterSeconds ?? (err.status === 503 ? DEFAULT_RETRY_AFTER_SECONDS : undefined);
  if (retryAfter !== undefined) h.set("Retry-After", String(Math.max(0, Math.ceil(retryAfter))));
  return Response.json({ ...err.toJSON(), ...err.extra, ...extra }, { status: err.status, headers: h });
}

/** The code for an error status that came without one: the table's first code with that status. */
export function codeForStatus(status: number): KnownErrorCode {
  const known = (Object.keys(ERROR_STATUS) as KnownErrorCode[]).find((code) => ERROR_STATUS[code] === status);
  return known ?? (status >= 500 ? "internal_error" : "validation_error");
}

const STATUS_CODE_FALLBACK: Record<number, KnownErrorCode> = {
  400: "validation_error",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
};

/**
 * Maps anything thrown below a route to an ApiError. Upstream 4xx answers pass
 * through with their status, code and Russian message; an upstream 401 means
 * the dashboard's own key is wrong, which is not the person's fault (502).
 */
export function toApiError(e: unknown): ApiError {
  if (e instanceof ApiError) return e;
  // By name: lib/server/redis.ts (and ioredis) stay out of every route that never uses Redis.
  if (e instanceof Error && e.name === "StoreUnavailableError") {
    log.error("shared store unavailable", { error: e.message });
    return new ApiError("store_unavailable", undefined, { retryAfterSeconds: 5, cause: e });
  }
  if (e instanceof BudgetExhaustedError) {
    const seconds = Math.max(1, Math.ceil(e.retryAfterSeconds));
    return budgetExhausted(seconds, e.window ?? "minute", e);
  }
  if (e instanceof UpstreamHttpError) return fromUpstreamHttp(e);
  if (e instanceof UpstreamUnavailableError) {
    return e.reason === "timeout"
      ? new ApiError("upstream_timeout", undefined, { cause: e })
      : new ApiError("upstream_unavailable", undefined, { retryAfterSeconds: DEFAULT_RETRY_AFTER_SECONDS, cause: e });
  }
  if (e instanceof UpstreamContractError) {
    log.error("upstream contract broken", { path: e.path, field: e.field, detail: e.detail });
    return new ApiError("upstream_contract", undefined, { cause: e });
  }
  return new ApiError("internal_error", undefined, { cause: e });
}

/**
 * The team's budget refused: the message names the spent window, and `budget`
 * beside `error` says which (`minute` or `hour`) and when it frees, so the
 * browser's banner can say it in the person's language and time zone.
 */
function budgetExhausted(seconds: number, window: "minute" | "hour", cause: unknown): ApiError {
  return new ApiError("budget_exhausted", text("budget", { window, seconds }), {
    retryAfterSeconds: seconds,
    cause,
    extra: { budget: { window, frees_at: new Date(Date.now() + seconds * 1000).toISOString() } },
  });
}

function fromUpstreamHttp(e: UpstreamHttpError): ApiError {
  if (e.status === 401) {
    log.error("upstream rejected the dashboard's API key", { path: e.path, upstreamCode: e.code });
    return new ApiError("upstream_auth", undefined, { cause: e });
  }
  if (e.status === 429) {
    // Never show a raw 429: it is the team's shared budget, not this person's doing.
    const seconds = Math.max(1, Math.ceil(e.retryAfterSeconds ?? 60));
    return budgetExhausted(seconds, "minute", e);
  }
  if (e.status >= 500) {
    log.warn("upstream server error", { path: e.path, status: e.status, upstreamCode: e.code });
    // The upstream's own Retry-After (a 503 in maintenance) is passed on when it sent one.
    const seconds = Math.max(1, Math.ceil(e.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS));
    return new ApiError("upstream_unavailable", undefined, { retryAfterSeconds: seconds, cause: e });
  }
  if (e.status >= 400) {
    const code = e.code || STATUS_CODE_FALLBACK[e.status] || "upstream_error";
    return new ApiError(code, e.upstreamMessage || undefined, { status: e.status, cause: e });
  }
  return new ApiError("upstream_error", undefined, { cause: e });
}

/**
 * A zod failure on input, as a 400 naming the parameter literally:
 * `Invalid parameter limit: …`. Parse with `{ reportInput: true }` so the
 * message can tell a missing value from a wrong one and quote the bad item
 * of a list (`status: NOPE — allowed values: …`).
 */
export function validationError(error: z.ZodError, fallbackName = "body"): ApiError {
  const issue = error.issues[0];
  const head = issue?.path[0];
  const name = head === undefined ? fallbackName : String(head);
  return new ApiError("validation_error", invalidParameter(name, describeIssue(issue)));
}

/** "Invalid parameter <name>: <detail>", for checks zod does not make. */
export function invalidParameter(name: string, detail: ServerText): ServerText {
  return text("validation.param", { name, detail });
}

const quote = (v: unknown) => {
  const shown = typeof v === "string" ? v : JSON.stringify(v) ?? String(v);
  return shown.length > 50 ? `${shown.slice(0, 50)}…` : shown;
};

export function describeIssue(issue: z.core.$ZodIssue | undefined): ServerText {
  if (!issue) return text("validation.invalid");
  const hasInput = "input" in issue && issue.input !== undefined;
  switch (issue.code) {
    case "invalid_type":
      return hasInput ? text("validation.expected", { type: String(issue.expected) }) : text("validation.required");
    case "too_small":
      return issue.origin === "string"
        ? text("validation.minLength", { n: String(issue.minimum) })
        : issue.origin === "array"
          ? text("validation.atLeastOne")
          : text("validation.min", { n: String(issue.minimum) });
    case "too_big":
      return issue.origin === "string" ? text("validation.maxLength", { n: String(issue.maximum) }) : text("validation.max", { n: String(issue.maximum) });
    case "invalid_value": {
      const values = issue.values.map(String).join(", ");
      return hasInput ? text("validation.oneOfGot", { input: quote(issue.input), values }) : text("validation.oneOf", { values });
    }
    case "invalid_format":
      return issue.format === "regex" ? patternName(issue.pattern, hasInput ? quote(issue.input) : "") : formatName(issue.format);
    case "custom":
      // lib/schemas/visible-text.ts: only invisible characters (zero-width, BOM, whitespace).
      return issue.params?.visible === false ? text("validation.visibleText") : text("validation.invalid");
    default:
      return text("validation.invalid");
  }
}

// A pattern's failure said as what the field expects: only digit patterns are integers (a domain that
// failed its pattern was once answered "expected an integer").
const INTEGER_PATTERN = /^\/\^(\[1-9\])?\\d(\+|\{[\d,]+\})\$\/u?$/;
const DOMAIN_PATTERN = /\\\.\[a-z/;
const HHMM_PATTERN = "/^\\d{2}:\\d{2}$/";

function patternName(pattern: string | undefined, input: string): ServerText {
  if (pattern && INTEGER_PATTERN.test(pattern)) return text("validation.integer");
  if (pattern === HHMM_PATTERN) return text("validation.hhmm");
  if (pattern && DOMAIN_PATTERN.test(pattern)) return text("validation.domain", { input });
  return text("validation.pattern", { input });
}

function formatName(format: string): ServerText {
  if (format === "datetime") return text("validation.datetime");
  if (format === "date") return text("validation.date");
  return text("validation.format", { format });
}

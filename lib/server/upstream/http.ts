import "server-only";
import type { z } from "zod";
import { env } from "@/lib/env";
import { UpstreamContractError, UpstreamHttpError, UpstreamUnavailableError } from "./errors";

export type CallOptions = {
  signal?: AbortSignal;
  /** Overrides UPSTREAM_TIMEOUT_MS for this call. */
  timeoutMs?: number;
};

export type QueryValue = string | number | readonly string[] | undefined;

/** Connection settings; the default comes from the typed env, tests pass their own. */
export type UpstreamConfig = { baseUrl: string; apiKey: string; timeoutMs: number };

let configOverride: UpstreamConfig | undefined;

export function setUpstreamConfigForTests(config: UpstreamConfig | undefined): void {
  configOverride = config;
}

function config(): UpstreamConfig {
  if (configOverride) return configOverride;
  const e = env();
  return { baseUrl: e.UPSTREAM_BASE_URL, apiKey: e.UPSTREAM_API_KEY, timeoutMs: e.UPSTREAM_TIMEOUT_MS };
}

/**
 * Builds `{base}/api/v1/ext/{path}` with the path exactly as the description
 * writes it (trailing slash or not) and query values percent-encoded, so a
 * `+03:00` offset survives (a raw `+` would decode to a space).
 */
function buildUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): string {
  const base = baseUrl.replace(/\/+$/, "");
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    params.set(key, Array.isArray(value) ? value.join(",") : String(value));
  }
  const qs = params.toString();
  return `${base}/api/v1/ext/${path}${qs ? `?${qs}` : ""}`;
}

function parseRetryAfter(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

function errorFromBody(body: unknown): { code: string; message: string } {
  if (body && typeof body === "object" && "error" in body) {
    const err = (body as { error: unknown }).error;
    if (err && typeof err === "object") {
      const { code, message } = err as { code?: unknown; message?: unknown };
      return { code: typeof code === "string" ? code : "", message: typeof message === "string" ? message : "" };
    }
  }
  return { code: "", message: "" };
}

export async function request<S extends z.ZodType>(
  method: "GET" | "POST",
  path: string,
  schema: S,
  options: CallOptions & { query?: Record<string, QueryValue> } = {},
): Promise<z.output<S>> {
  const cfg = config();
  const url = buildUrl(cfg.baseUrl, path, options.query);
  const timeout = AbortSignal.timeout(options.timeoutMs ?? cfg.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;

  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method,
      headers: { Authorization: `Bearer ${cfg.apiKey}`, Accept: "application/json" },
      signal,
      cache: "no-store",
    });
    text = await response.text();
  } catch (cause) {
    const timedOut = timeout.aborted && !options.signal?.aborted;
    throw new UpstreamUnavailableError(timedOut ? "timeout" : "network", path, { cause });
  }

  let body: unknown;
  try {
    body = text === "" ? undefined : JSON.parse(text);
  } catch {
    if (!response.ok) throw new UpstreamHttpError(response.status, "", "", path, parseRetryAfter(response.headers.get("retry-after")));
    throw new UpstreamContractError(path, "(body)", "response is not valid JSON");
  }

  if (!response.ok) {
    const { code, message } = errorFromBody(body);
    throw new UpstreamHttpError(response.status, code, message, path, parseRetryAfter(response.headers.get("retry-after")));
  }

  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue && issue.path.length > 0 ? issue.path.join(".") : "(root)";
    throw new UpstreamContractError(path, field, issue?.message ?? "invalid");
  }
  return parsed.data;
}

import type { DataResponse } from "@/lib/api/envelope";

/**
 * The browser's only way to the data: the dashboard's own /api routes (never
 * the upstream). Errors keep the envelope's code and the upstream's Russian
 * message so panels can show them as they come.
 */
export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly retryAfterSeconds?: number,
    /** Fields the error body carried beside `error` (a decision's `previous_decision`, `warning`…). */
    readonly extras: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = "ApiClientError";
  }
}

async function toError(response: Response): Promise<ApiClientError> {
  let code = "http_error";
  let message = `HTTP ${response.status}`;
  let extras: Record<string, unknown> = {};
  try {
    const { error, ...rest } = (await response.json()) as { error?: { code?: string; message?: string } };
    if (error?.code) code = error.code;
    if (error?.message) message = error.message;
    extras = rest;
  } catch {
    // Not JSON (a proxy error page, say): keep the generic message.
  }
  const retryAfter = Number(response.headers.get("retry-after"));
  return new ApiClientError(response.status, code, message, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined, extras);
}

type Query = Record<string, string | number | readonly string[] | undefined | null>;

/**
 * These helpers fetch same-origin relative URLs, which only mean something
 * in a browser. On the server (a client component's query during SSR, when
 * its prefetch failed or is missing) Node's fetch would fail with "Failed to
 * parse URL" after a stack trace; refuse at once instead, before any fetch.
 * Server code reads through the service, never through these.
 */
export class ServerFetchRefused extends ApiClientError {
  constructor(path: string) {
    super(0, "server_fetch_refused", `${path} is fetched in the browser only, not during a server render`);
    this.name = "ServerFetchRefused";
  }
}

function browserOnly(path: string): void {
  if (typeof window === "undefined") throw new ServerFetchRefused(path);
}

export function withQuery(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === null || v === "") continue;
    params.set(k, Array.isArray(v) ? v.join(",") : String(v));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * GET a dashboard route that answers `{ data, meta }`. A `background` read
 * (a live-refresh poll nobody is waiting on) tells the server so: its request
 * budget serves people's page loads first.
 */
export async function apiGet<T>(
  path: string,
  query?: Query,
  signal?: AbortSignal,
  priority: "interactive" | "background" = "interactive",
): Promise<DataResponse<T>> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (priority === "background") headers["X-Priority"] = "background";
  browserOnly(path);
  const response = await fetch(withQuery(path, query), { signal, headers });
  if (!response.ok) throw await toError(response);
  return (await response.json()) as DataResponse<T>;
}

/** GET a dashboard route whose body is not wrapped in `{ data, meta }` (audit, jobs). */
export async function apiGetRaw<T>(path: string, query?: Query, signal?: AbortSignal): Promise<T> {
  browserOnly(path);
  const response = await fetch(withQuery(path, query), { signal, headers: { Accept: "application/json" } });
  if (!response.ok) throw await toError(response);
  return (await response.json()) as T;
}

/** POST JSON to a dashboard route (same origin, so the server's origin check passes). */
export async function apiPost<T>(path: string, body?: unknown): Promise<T> {
  browserOnly(path);
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw await toError(response);
  return (await response.json()) as T;
}

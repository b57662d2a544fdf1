import type { DataResponse } from "@/lib/api/envelope";
// Type only: the schemas (and zod) are loaded on first use, out of every page's first load.
import type { Checked, ResponseData, ResponseSchemaName } from "./response-schemas";

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

/** The team's request budget refused the read (a 429, or the dashboard's 503 `budget_exhausted`). */
export function isBudgetRefusal(error: unknown): error is ApiClientError {
  return error instanceof ApiClientError && (error.status === 429 || error.code === "budget_exhausted");
}

/** Which budget window is spent and when it frees, as the server said (`budget` beside `error`). */
export type SpentBudget = { window: "minute" | "hour"; freesAt: string | null };

export function spentBudgetOf(error: unknown): SpentBudget | undefined {
  if (!isBudgetRefusal(error)) return undefined;
  const b = error.extras.budget as { window?: unknown; frees_at?: unknown } | undefined;
  const window = b?.window === "hour" ? "hour" : b?.window === "minute" ? "minute" : undefined;
  if (!window) return undefined;
  return { window, freesAt: typeof b?.frees_at === "string" ? b.frees_at : null };
}

/**
 * Codes of failures made in the browser, not by the server (status 0 or the
 * answer's own): the panels show a translated text for each
 * (components/ui/query-states.tsx `useErrorText`), never the browser's raw
 * "Failed to fetch". The messages here are only the Russian fallback.
 */
/** The browser could not reach the dashboard (offline, server down, connection cut). */
export const NETWORK_ERROR = "network_error";
/** A success whose body is not JSON (a proxy's or captive portal's page). */
export const BAD_RESPONSE = "bad_response";
/** JSON whose shape is not the one the schemas describe. */
export const RESPONSE_MISMATCH = "response_mismatch";

/** A fetch that failed without an answer: a TypeError ("Failed to fetch", "NetworkError…", "Load failed"). */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof ApiClientError) return error.code === NETWORK_ERROR;
  return error instanceof TypeError && /fetch|network|load failed|dynamically imported module|chunk/i.test(error.message);
}

export function networkError(cause?: unknown): ApiClientError {
  const error = new ApiClientError(0, NETWORK_ERROR, "No connection to the dashboard's server");
  if (cause !== undefined) error.cause = cause;
  return error;
}

function isAbort(error: unknown, signal?: AbortSignal | null): boolean {
  return signal?.aborted === true || (error instanceof DOMException && error.name === "AbortError");
}

/** fetch, with "no answer at all" turned into `network_error`; a cancellation stays a cancellation. */
async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (isAbort(error, init.signal)) throw error;
    throw networkError(error);
  }
}

/** A success's JSON body; a body that is not JSON is `bad_response`, a body cut short is `network_error`. */
async function readJson(response: Response, signal?: AbortSignal | null): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    if (isAbort(error, signal)) throw error;
    throw networkError(error);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiClientError(response.status, BAD_RESPONSE, "The dashboard's server did not answer with data");
  }
}

/** Retry-After in seconds: a number of seconds or an HTTP date. */
function retryAfterSeconds(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return seconds > 0 ? seconds : undefined;
  const at = Date.parse(header);
  if (Number.isNaN(at)) return undefined;
  const left = Math.ceil((at - Date.now()) / 1000);
  return left > 0 ? left : undefined;
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
  return new ApiClientError(response.status, code, message, retryAfterSeconds(response.headers.get("retry-after")), extras);
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

/** One GET: React Query joins the reads of one query and paces its retries (query-client.ts). */
async function getResponse(path: string, query: Query | undefined, signal: AbortSignal | undefined, priority: Priority): Promise<Response> {
  browserOnly(path);
  const headers: Record<string, string> = { Accept: "application/json" };
  if (priority === "background") headers["X-Priority"] = "background";
  const response = await send(withQuery(path, query), { signal, headers });
  if (!response.ok) throw await toError(response);
  return response;
}

type Priority = "interactive" | "background";

/**
 * GET a dashboard route that answers `{ data, meta }`. A `background` read
 * (a live-refresh poll nobody is waiting on) tells the server so: its request
 * budget serves people's page loads first. Unchecked: prefer `apiRead`.
 */
export async function apiGet<T>(path: string, query?: Query, signal?: AbortSignal, priority: Priority = "interactive"): Promise<DataResponse<T>> {
  const response = await getResponse(path, query, signal, priority);
  return (await readJson(response, signal)) as DataResponse<T>;
}

/**
 * The check: the schemas' chunk loaded by `import()` (once, then cached), so zod
 * stays out of every page's first load. A chunk that cannot be loaded is the network again.
 */
async function checkResponse(schema: ResponseSchemaName, body: unknown): Promise<Checked<unknown>> {
  const checks = await import("./response-schemas").catch((error: unknown) => {
    throw networkError(error);
  });
  return checks.checkDataResponse(schema, body);
}

/**
 * GET a `{ data, meta }` route and check the answer against the schema the
 * server parses the upstream with (lib/schemas): an answer of another shape
 * is a `response_mismatch` error the panel can name, not a crash deep in a
 * component. The schemas load (by `import()`) while the request is under way.
 */
export async function apiRead<K extends ResponseSchemaName>(
  schema: K,
  path: string,
  { query, signal, priority = "interactive" }: { query?: Query; signal?: AbortSignal; priority?: Priority } = {},
): Promise<DataResponse<ResponseData<K>>> {
  browserOnly(path);
  // The schemas' chunk loads while the request is under way, not after it.
  import("./response-schemas").catch(() => undefined);
  const response = await getResponse(path, query, signal, priority);
  const body = await readJson(response, signal);
  const checked = (await checkResponse(schema, body)) as Checked<DataResponse<ResponseData<K>>>;
  if (checked.ok) return checked.value;
  console.error(JSON.stringify({ msg: "response does not match its schema", path, schema, issues: checked.issues }));
  throw new ApiClientError(response.status, RESPONSE_MISMATCH, "The dashboard's answer is not of the expected shape", undefined, { issues: checked.issues });
}

/** GET a dashboard route whose body is not wrapped in `{ data, meta }` (audit, jobs). */
export async function apiGetRaw<T>(path: string, query?: Query, signal?: AbortSignal): Promise<T> {
  const response = await getResponse(path, query, signal, "interactive");
  return (await readJson(response, signal)) as T;
}

/** POST JSON to a dashboard route (same origin, so the server's origin check passes). */
export async function apiPost<T>(path: string, body?: unknown, { keepalive = false }: { keepalive?: boolean } = {}): Promise<T> {
  browserOnly(path);
  const response = await send(path, {
    method: "POST",
    // A decision sent as the page is left: the browser finishes the request after the unload.
    ...(keepalive ? { keepalive } : {}),
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw await toError(response);
  return (await readJson(response)) as T;
}

/** DELETE a dashboard route (same origin, so the server's origin check passes). */
export async function apiDelete<T>(path: string): Promise<T> {
  browserOnly(path);
  const response = await send(path, { method: "DELETE", headers: { Accept: "application/json" } });
  if (!response.ok) throw await toError(response);
  return (await readJson(response)) as T;
}

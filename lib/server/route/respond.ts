import "server-only";
import { STALE_HEADER, type DataResponse } from "@/lib/api/envelope";
import { ApiError, codeForStatus, errorResponse } from "@/lib/server/errors";

/** Answers are per person and change with the upstream: never cached by browsers or proxies. */
export const NO_STORE = { "Cache-Control": "private, no-store" } as const;

/** A GET answer: the DataResponse as JSON, with `X-Data-Stale: 1` when it is the last known data. */
export function dataJson<T>(body: DataResponse<T>): Response {
  const headers = new Headers(NO_STORE);
  if (body.meta.stale) headers.set(STALE_HEADER, "1");
  return Response.json(body, { headers });
}

export function json(body: unknown, init: { status?: number; headers?: HeadersInit } = {}): Response {
  const headers = new Headers(init.headers);
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", NO_STORE["Cache-Control"]);
  return Response.json(body, { status: init.status ?? 200, headers });
}

function isEnvelope(body: unknown): boolean {
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return typeof error?.code === "string" && typeof error.message === "string";
}

/**
 * An answer made by code that is not ours (next-auth), with any error put in
 * the envelope: a 4xx that already is one is kept; any other error (text,
 * HTML, an empty body, a 5xx whatever its body) is replaced, keeping `Allow`.
 * Successes and redirects pass unchanged.
 */
export async function inEnvelope(response: Response): Promise<Response> {
  const { status } = response;
  if (status < 400) return response;
  if (status < 500 && /^application\/json/i.test(response.headers.get("content-type") ?? "")) {
    const body: unknown = await response.clone().json().catch(() => null);
    if (isEnvelope(body)) return response;
  }
  const allow = response.headers.get("allow");
  await response.body?.cancel().catch(() => {});
  return errorResponse(new ApiError(codeForStatus(status), undefined, { status: status >= 500 ? 500 : status }), allow ? { Allow: allow } : {});
}

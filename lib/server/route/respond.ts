import "server-only";
import { STALE_HEADER, type DataResponse } from "@/lib/api/envelope";

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

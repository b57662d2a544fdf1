import type { Query, QueryClient } from "@tanstack/react-query";
import { ApiClientError, BAD_RESPONSE, NETWORK_ERROR, isNetworkFailure } from "./fetch-json";

/** Our own backoff never leaves more than this to the next attempt: a page is back within 15 s of the service. */
export const MAX_BACKOFF_MS = 15_000;
/** The longest Retry-After taken at its word (the team's hour budget); a longer one is a server's mistake. */
const MAX_RETRY_AFTER_MS = 60 * 60_000;

/**
 * Failures that go away by themselves: no connection, the dashboard or the upstream down or out of budget
 * (5xx, 429, 408, 425), a garbled body (a proxy's page). A 4xx is an answer (asking again gives the same),
 * as is an answer of another shape or a component's own bug: those stay in their panel.
 */
export function isTransientError(error: unknown): boolean {
  if (!(error instanceof ApiClientError)) return isNetworkFailure(error);
  const { status, code } = error;
  return code === NETWORK_ERROR || code === BAD_RESPONSE || status === 0 || status === 408 || status === 425 || status === 429 || status >= 500;
}

const retryAfterMs = (error: unknown) => (error instanceof ApiClientError && error.retryAfterSeconds ? error.retryAfterSeconds * 1000 : 0);

/** React Query's `retryDelay`: the server's own wait (Retry-After), else 1, 2, 4, 8, then 15 s on and on. */
export function retryDelay(failureCount: number, error: unknown): number {
  const asked = retryAfterMs(error);
  return asked > 0 ? Math.min(MAX_RETRY_AFTER_MS, Math.ceil(asked)) : Math.min(MAX_BACKOFF_MS, 1000 * 2 ** failureCount);
}

/** When each query's latest attempt failed: React Query keeps the count and the reason, not the time. */
const failedAt = new WeakMap<Query, number>();
/** Queries whose retry `retryNow` sent early, until it answers (a new fetch starts its count at 0). */
const woken = new WeakSet<Query>();

export function recordFailures(client: QueryClient): void {
  client.getQueryCache().subscribe((event) => {
    if (event.type !== "updated") return;
    const { type } = event.action;
    if (type === "failed") failedAt.set(event.query, Date.now());
    if (type === "failed" || type === "success" || type === "error") woken.delete(event.query);
  });
}

/** A retry sent early by `retryNow` is out: the banner says "checking" until it answers. */
export function isWoken(query: Query): boolean {
  return woken.has(query) && query.state.fetchStatus !== "idle";
}

/** When React Query will try the query again; undefined when an attempt is out. */
export function nextAttemptAt(query: Query): number | undefined {
  const at = failedAt.get(query);
  const { fetchFailureCount: count, fetchFailureReason: reason } = query.state;
  if (at === undefined || count === 0 || reason === null) return undefined;
  const delay = typeof query.options.retryDelay === "function" ? query.options.retryDelay(count - 1, reason) : (query.options.retryDelay ?? retryDelay(count - 1, reason));
  return at + delay;
}

/**
 * React Query sleeps out a retry's delay even when the tab comes back into view or the network returns:
 * the sleeping fetches are cancelled and sent again now. `keepRetryAfter` leaves those the server asked
 * to wait (an attempt before its Retry-After would only be refused again).
 */
export function retryNow(client: QueryClient, { only, keepRetryAfter = false }: { only?: string; keepRetryAfter?: boolean } = {}): void {
  const now = Date.now();
  const sleeping = (q: Query) => (nextAttemptAt(q) ?? 0) > now && (!keepRetryAfter || retryAfterMs(q.state.fetchFailureReason) === 0);
  const due = client.getQueryCache().findAll({ predicate: (q) => (!only || q.queryHash === only) && sleeping(q) });
  for (const q of due) {
    failedAt.delete(q);
    woken.add(q);
    // Silent: whoever waits on the sleeping fetch (a suspended panel) gets the new one's answer.
    void q.cancel({ silent: true });
    q.fetch().catch(() => undefined);
  }
}

import { ApiClientError, BAD_RESPONSE, NETWORK_ERROR, isNetworkFailure } from "./fetch-json";

/**
 * How pages heal after an outage (of the upstream or of the dashboard itself):
 * which failures are worth another try, and when the next one is. Shared by
 * the QueryClient's own retry and by the page's outage banner, which takes
 * over once a panel shows its failure (components/ui/outage.tsx).
 */

/** The next attempt is never further away than this, whatever the backoff or Retry-After says. */
export const HEAL_MAX_DELAY_MS = 15_000;
const HEAL_BASE_DELAY_MS = 1_000;

/**
 * Failures that go away by themselves: the browser could not reach the
 * dashboard, the dashboard or the upstream is down or out of budget (5xx,
 * 429, 408), or a garbled body (a proxy page). A 4xx is an answer (the post
 * is not there, the role may not see it, the input is wrong): asking again
 * gives the same answer, so it is not retried and stays in its panel, as
 * does an answer in an unexpected shape (`response_mismatch`) and any error
 * that is not a request's (a component's bug).
 */
export function isTransientError(error: unknown): boolean {
  if (error instanceof ApiClientError) {
    if (error.code === NETWORK_ERROR || error.code === BAD_RESPONSE) return true;
    const { status } = error;
    return status === 0 || status === 408 || status === 425 || status === 429 || status >= 500;
  }
  return isNetworkFailure(error);
}

/** Seconds the server asked us to wait (the envelope's Retry-After), if it did. */
export function retryAfterOf(error: unknown): number | undefined {
  return error instanceof ApiClientError ? error.retryAfterSeconds : undefined;
}

/**
 * Milliseconds until attempt number `attempt` (0 = the first retry after the
 * first failure): 1 s, 2 s, 4 s, 8 s, then 15 s on and on; the server's
 * Retry-After when it gave one, capped at 15 s too (a page must recover
 * within 15 s of the service coming back).
 */
export function healDelayMs(attempt: number, retryAfterSeconds?: number): number {
  if (retryAfterSeconds !== undefined && Number.isFinite(retryAfterSeconds) && retryAfterSeconds > 0) {
    return Math.min(HEAL_MAX_DELAY_MS, Math.max(HEAL_BASE_DELAY_MS, Math.ceil(retryAfterSeconds * 1000)));
  }
  return Math.min(HEAL_MAX_DELAY_MS, HEAL_BASE_DELAY_MS * 2 ** Math.max(0, attempt));
}

/**
 * The QueryClient's retry in the browser: one quick retry (1 s) of a
 * transient failure, so a blip never shows; none when the server named its
 * own wait (the page's outage banner counts that down) and none for a 4xx.
 * From then on the page's outage banner retries, on the same schedule.
 */
export const BROWSER_QUICK_RETRIES = 1;

export function shouldRetryInBrowser(failureCount: number, error: unknown): boolean {
  return failureCount < BROWSER_QUICK_RETRIES && isTransientError(error) && retryAfterOf(error) === undefined;
}

export function browserRetryDelay(failureCount: number, error: unknown): number {
  return healDelayMs(failureCount, retryAfterOf(error));
}

/** The banner's attempts continue the schedule where the quick retries left it. */
export const FIRST_HEAL_ATTEMPT = BROWSER_QUICK_RETRIES;

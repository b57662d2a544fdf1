"use client";

import { QueryErrorResetBoundary } from "@tanstack/react-query";
import { Suspense, type ReactNode } from "react";
import { isTransientError } from "@/lib/queries/retry";
import { ErrorBoundary } from "./error-boundary";
import { ErrorState } from "./query-states";

/**
 * A panel's own loading and error states for `useSuspenseQuery` inside:
 * Suspense with the panel's skeleton, and an error boundary.
 *
 * A transient failure (network, 5xx, 429) heals without a click: the error
 * state reports to the page's outage, whose clock resets the failed queries
 * and this boundary on the backoff, on focus and on the network's return
 * (`ErrorState` → components/ui/outage.tsx), so the panel suspends, fetches
 * again and shows its data when the service is back. Other errors show the
 * server's message with a retry button, or `renderError`'s panel.
 */
export function QueryBoundary({
  fallback,
  renderError,
  ready = false,
  children,
}: {
  fallback: ReactNode;
  /**
   * The server has put the panel's data into the cache (its HTML and the hydrating render both
   * see it): no Suspense boundary then. Every boundary past the first 12.8 kB of a page's HTML is
   * streamed apart by React and revealed 300 ms after the first paint, so the page's panels all
   * came late. Pass the same value to the server render and the browser's, never one that changes.
   */
  ready?: boolean;
  /**
   * Replaces the default error state for errors that do not heal by themselves
   * (e.g. a 404 panel); return undefined to keep the default. Transient
   * failures always get the self-healing state.
   */
  renderError?: (error: unknown, retry: () => void) => ReactNode | undefined;
  children: ReactNode;
}) {
  return (
    <QueryErrorResetBoundary>
      {({ reset }) => (
        <ErrorBoundary
          onReset={reset}
          fallback={(error, retry) => (isTransientError(error) ? undefined : renderError?.(error, retry)) ?? <ErrorState error={error} onRetry={retry} />}
        >
          {ready ? children : <Suspense fallback={fallback}>{children}</Suspense>}
        </ErrorBoundary>
      )}
    </QueryErrorResetBoundary>
  );
}

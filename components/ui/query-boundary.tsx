"use client";

import { QueryErrorResetBoundary } from "@tanstack/react-query";
import { Suspense, type ReactNode } from "react";
import { ErrorBoundary } from "./error-boundary";
import { ErrorState } from "./query-states";

/**
 * A panel's own loading and error states: Suspense with the panel's skeleton,
 * and an error boundary that shows the server's message with a retry that
 * refetches the failed queries (`useSuspenseQuery` inside).
 */
export function QueryBoundary({
  fallback,
  renderError,
  children,
}: {
  fallback: ReactNode;
  /** Replaces the default error state (e.g. a 404 panel); return undefined to keep the default. */
  renderError?: (error: unknown, retry: () => void) => ReactNode | undefined;
  children: ReactNode;
}) {
  return (
    <QueryErrorResetBoundary>
      {({ reset }) => (
        <ErrorBoundary onReset={reset} fallback={(error, retry) => renderError?.(error, retry) ?? <ErrorState error={error} onRetry={retry} />}>
          <Suspense fallback={fallback}>{children}</Suspense>
        </ErrorBoundary>
      )}
    </QueryErrorResetBoundary>
  );
}

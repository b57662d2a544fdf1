"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import type { DataResponse } from "@/lib/api/envelope";
import { ErrorState, StaleNote } from "@/components/ui/query-states";
import { SkeletonLines } from "@/components/ui/skeleton";

/**
 * A panel's three states from one query: skeleton while loading, the server's
 * message with a retry on error, the content (with a stale note) otherwise.
 * Data already on screen stays when a later refresh fails.
 */
export function QueryPanel<T>({
  query,
  lines = 3,
  children,
}: {
  query: UseQueryResult<DataResponse<T>>;
  lines?: number;
  children: (data: T, response: DataResponse<T>) => React.ReactNode;
}) {
  if (query.isPending) return <SkeletonLines lines={lines} />;
  if (query.data === undefined) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <>
      {/* A failed refresh keeps the last good numbers on screen, with the error above them. */}
      {query.isError && <ErrorState error={query.error} onRetry={() => void query.refetch()} />}
      <StaleNote meta={query.data.meta} />
      {children(query.data.data, query.data)}
    </>
  );
}

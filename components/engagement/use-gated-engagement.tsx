"use client";

import { notifyManager, useQuery, useQueryClient, type Query, type QueryClient } from "@tanstack/react-query";
import { memo, useCallback, useSyncExternalStore } from "react";
import { postEngagementQuery } from "@/lib/queries/engagement";
import type { DataResponse } from "@/lib/api/envelope";
import type { PostEngagement } from "@/lib/schemas";

/** Requests in flight at once: the team's hourly budget is shared, so never a fan-out. */
export const ENGAGEMENT_CONCURRENCY = 2;

/** A post's engagement as the table needs it. */
export type EngagementAnswer = { data: DataResponse<PostEngagement> | undefined; failed: boolean; settled: boolean };

const PREFIX = postEngagementQuery(0).queryKey.slice(0, 2);
const isPostEngagement = (query: Query) => query.queryKey[0] === PREFIX[0] && query.queryKey[1] === PREFIX[1];

/**
 * Re-renders the caller when one of these posts' engagement arrives or fails,
 * not on every step of a fetch (start, retry, background refresh) nor for any
 * other query in the cache: the snapshot is a string of the posts' outcomes.
 */
function useEngagementOutcomes(client: QueryClient, ids: readonly number[]): string {
  const subscribe = useCallback((onChange: () => void) => {
    // Through React Query's scheduler, like its own hooks: answers landing together render once.
    const changed = notifyManager.batchCalls(onChange);
    return client.getQueryCache().subscribe(({ query }) => isPostEngagement(query) && changed());
  }, [client]);
  const outcomes = () =>
    ids
      .map((id) => {
        const state = client.getQueryState(postEngagementQuery(id).queryKey);
        return state ? `${state.status}${state.dataUpdatedAt}${state.errorUpdatedAt}` : "";
      })
      .join(",");
  return useSyncExternalStore(subscribe, outcomes, () => "");
}

/**
 * Each post's engagement, fetched a few at a time in list order. A post
 * already in the cache (loaded or failed) is shown at once; of the rest only
 * the first `concurrency` may fetch, and every settled request frees a slot.
 * React Query keeps the answers, so a revisit or a "load more" costs only the
 * new posts.
 *
 * The answers are read from the cache, and the requests are made by one
 * small observer per post (`fetchers`, to be rendered) that never re-renders
 * on its own: an arriving answer costs one render of the caller and one row,
 * where `useQueries` would re-synchronise every post's observer on each one.
 */
export function useGatedPostEngagement(ids: readonly number[], concurrency = ENGAGEMENT_CONCURRENCY) {
  const client = useQueryClient();
  useEngagementOutcomes(client, ids);
  const answers: EngagementAnswer[] = ids.map((id) => {
    const state = client.getQueryState(postEngagementQuery(id).queryKey);
    return { data: state?.data, failed: state?.status === "error", settled: state !== undefined && state.status !== "pending" };
  });
  const enabled: boolean[] = [];
  for (let i = 0, free = concurrency; i < ids.length; i += 1) {
    const settled = answers[i]?.settled === true;
    const mayFetch = settled || free > 0;
    if (!settled && mayFetch) free -= 1;
    enabled.push(mayFetch);
  }
  const retry = (failedIds: readonly number[]) => {
    for (const id of failedIds) void client.refetchQueries({ queryKey: postEngagementQuery(id).queryKey, exact: true });
  };
  const fetchers = ids.map((id, i) => <Fetcher key={id} id={id} enabled={enabled[i] ?? false} />);
  return { answers, retry, fetchers };
}

/** Keeps one post's query observed (fetch, retries, garbage collection) without rendering on its results. */
const Fetcher = memo(function Fetcher({ id, enabled }: { id: number; enabled: boolean }) {
  useQuery({ ...postEngagementQuery(id), enabled, notifyOnChangeProps: [] });
  return null;
});

"use client";

import { useQueries, useQueryClient } from "@tanstack/react-query";
import { postEngagementQuery } from "@/lib/queries/engagement";

/** Requests in flight at once: the team's hourly budget is shared, so never a fan-out. */
export const ENGAGEMENT_CONCURRENCY = 2;

/**
 * Each post's engagement, fetched a few at a time in list order. A post
 * already in the cache (loaded or failed) is shown at once; of the rest only
 * the first `concurrency` may fetch, and every settled request frees a slot
 * on the next render. React Query keeps the answers, so a revisit or a
 * "load more" costs only the new posts.
 */
export function useGatedPostEngagement(ids: readonly number[], concurrency = ENGAGEMENT_CONCURRENCY) {
  const client = useQueryClient();
  const settled = ids.map((id) => {
    const state = client.getQueryState(postEngagementQuery(id).queryKey);
    return state !== undefined && state.status !== "pending";
  });
  const enabled: boolean[] = [];
  for (let i = 0, free = concurrency; i < ids.length; i += 1) {
    const mayFetch = settled[i] === true || free > 0;
    if (!settled[i] && mayFetch) free -= 1;
    enabled.push(mayFetch);
  }
  return useQueries({
    queries: ids.map((id, i) => ({ ...postEngagementQuery(id), enabled: enabled[i] ?? false })),
  });
}

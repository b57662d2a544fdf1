import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { queueApiQuery, type QueueUrlState } from "@/lib/url-state/queue";
import { campaignPostsQuery } from "./campaigns";
import { apiRead } from "./fetch-json";

/**
 * How often the queue asks again. The dashboard's service layer answers
 * identical polls from many people with one upstream call and keeps its copy
 * fresh with the upstream's `since`, so a poll mostly costs nothing upstream;
 * 10 s, plus the service's 15 s cache of the list, keeps a change made elsewhere
 * visible within the 30 s the team asked for.
 * React Query pauses the interval while the tab is hidden.
 */
export const QUEUE_POLL_MS = 10_000;

/** The queue's page of posts: the campaign-posts query (same key, same cache) plus polling. */
export function queuePostsOptions(campaignId: number, state: QueueUrlState) {
  const base = campaignPostsQuery(campaignId, queueApiQuery(state));
  return queryOptions({
    ...base,
    // A refresh of rows already on screen is background work for the budget;
    // the first load of a page is someone waiting.
    queryFn: ({ signal, client, queryKey }) =>
      apiRead("postList", `/api/campaigns/${campaignId}/posts`, {
        query: queueApiQuery(state),
        signal,
        priority: client.getQueryData(queryKey) === undefined ? "interactive" : "background",
      }),
    refetchInterval: QUEUE_POLL_MS,
    refetchIntervalInBackground: false,
    // A poll or a page change keeps the rows on screen instead of flashing a skeleton.
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}

/** Every cached page of the campaign's posts (all filters), for invalidation after a decision. */
export const queuePostsPrefix = (campaignId: number) => ["campaigns", campaignId, "posts"] as const;

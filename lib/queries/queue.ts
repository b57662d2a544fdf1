import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { LiveState } from "@/lib/events/connection";
import type { ChecksUrlState } from "@/lib/url-state/checks";
import { queueApiQuery, type QueueUrlState, type VerdictUrlState } from "@/lib/url-state/queue";
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

/**
 * While the tab's event stream is up (lib/events), every decision and every
 * list refresh anyone's page causes, on any instance, arrives as an event.
 * Without upstream notifications a poll is still the only way to notice what
 * changed upstream, so it stays as it was (10 s + the 15 s cache, within
 * the 30 s promise; the upstream cost is one refresh per cache slot however
 * many poll); with notifications the poll is only a safety net.
 */
export const QUEUE_POLL_LIVE_MS = QUEUE_POLL_MS;
export const QUEUE_POLL_NOTIFIED_MS = 5 * 60_000;

export type QueueLiveness = Pick<LiveState, "connected" | "notifications">;
const POLLING: QueueLiveness = { connected: false, notifications: false };

export function queuePollMs(live: QueueLiveness): number {
  if (!live.connected) return QUEUE_POLL_MS;
  return live.notifications ? QUEUE_POLL_NOTIFIED_MS : QUEUE_POLL_LIVE_MS;
}

/** The queue's page of posts: the campaign-posts query (same key, same cache) plus polling, slower while live. */
export function queuePostsOptions(campaignId: number, state: QueueUrlState & Partial<VerdictUrlState> & Partial<ChecksUrlState>, live: QueueLiveness = POLLING) {
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
    refetchInterval: queuePollMs(live),
    refetchIntervalInBackground: false,
    // A poll or a page change keeps the rows on screen instead of flashing a skeleton.
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}

/** Every cached page of the campaign's posts (all filters), for invalidation after a decision. */
export const queuePostsPrefix = (campaignId: number) => ["campaigns", campaignId, "posts"] as const;

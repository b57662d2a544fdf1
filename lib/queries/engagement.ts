import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { apiRead } from "./fetch-json";

/**
 * Engagement moves slowly (the upstream collects it periodically) and the
 * hourly budget is shared, so these stay fresh for minutes and are not
 * refetched on remount: a revisit costs no upstream requests.
 */
const SLOW = { staleTime: 5 * 60_000, refetchOnMount: false } as const;

export const campaignEngagementQuery = (id: number, since: string | undefined) =>
  queryOptions({
    queryKey: ["engagement", "campaign", id, since ?? null] as const,
    queryFn: ({ signal }) => apiRead("campaignEngagement", `/api/campaigns/${id}/engagement`, { query: { since }, signal }),
    ...SLOW,
  });

export const postEngagementQuery = (id: number) =>
  queryOptions({
    queryKey: ["engagement", "post", id] as const,
    queryFn: ({ signal }) => apiRead("postEngagement", `/api/posts/${id}/engagement`, { signal }),
    ...SLOW,
  });

export const engagementHistoryQuery = (id: number, metric: string, limit: number) =>
  queryOptions({
    queryKey: ["engagement", "history", id, metric, limit] as const,
    queryFn: ({ signal }) =>
      apiRead("engagementHistory", `/api/posts/${id}/engagement/history`, { query: { metric_type: metric, limit }, signal }),
    ...SLOW,
  });

export const PUBLISHED_STATUSES = "PUBLISHED,PARTIALLY_PUBLISHED";
export const POSTS_PAGE = 100;

/** The campaign's published posts, newest first, paged by the upstream's maximum of 100. */
export const publishedPostsQuery = (campaignId: number) =>
  infiniteQueryOptions({
    queryKey: ["campaigns", campaignId, "posts", "published"] as const,
    queryFn: ({ signal, pageParam }) =>
      apiRead("postList", `/api/campaigns/${campaignId}/posts`, {
        query: { status: PUBLISHED_STATUSES, sort: "-publish_at", limit: POSTS_PAGE, offset: pageParam },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const next = last.data.offset + last.data.posts.length;
      return last.data.posts.length > 0 && next < last.data.total ? next : undefined;
    },
    staleTime: 60_000,
  });

/*
 * The campaign's trend and complete per-post table, from the dashboard's own
 * time series (no upstream call per view), checked in the browser against
 * lib/schemas/trends.ts like every other read.
 */
export const campaignTrendsQuery = (id: number, from: string, to: string) =>
  queryOptions({
    queryKey: ["engagement", "trends", id, from, to] as const,
    queryFn: ({ signal }) => apiRead("campaignTrends", `/api/campaigns/${id}/trends`, { query: { from, to }, signal }),
    staleTime: 60_000,
  });

export const campaignTrendPostsQuery = (id: number, from: string) =>
  queryOptions({
    queryKey: ["engagement", "trend-posts", id, from] as const,
    queryFn: ({ signal }) => apiRead("campaignTrendPosts", `/api/campaigns/${id}/engagement/posts`, { query: { from }, signal }),
    staleTime: 60_000,
  });

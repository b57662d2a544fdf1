import { queryOptions } from "@tanstack/react-query";
import { apiRead } from "./fetch-json";

export const attentionKey = ["overview", "attention"] as const;

/** While campaigns are still loading (a fresh install), asked again this often so they appear as the scheduler fills them. */
export const ATTENTION_LOADING_POLL_MS = 10_000;

/**
 * The overview's attention panel across the active campaigns: one database
 * read (GET /api/overview/attention), not a detail and a list per campaign.
 */
export const attentionQuery = () =>
  queryOptions({
    queryKey: attentionKey,
    queryFn: ({ signal }) => apiRead("overviewAttention", "/api/overview/attention", { signal }),
    refetchInterval: (q) => ((q.state.data?.data.loading ?? 0) > 0 ? ATTENTION_LOADING_POLL_MS : false),
    refetchIntervalInBackground: false,
  });

import { queryOptions } from "@tanstack/react-query";
import type { DataResponse } from "@/lib/api/envelope";
import type { CampaignDetail, CampaignListItem, Post, PostList } from "@/lib/schemas";
import { CAMPAIGN_STATUSES } from "@/lib/schemas/values";
import { ApiClientError, apiGet } from "./fetch-json";

/** Every status: for counting against the plan's limit and for a project's page. */
export const ALL_CAMPAIGN_STATUSES: readonly string[] = CAMPAIGN_STATUSES;

export type CampaignsFilter = { projectId?: number | null; statuses: readonly string[] };

export const campaignsQuery = ({ projectId, statuses }: CampaignsFilter) => {
  // Canonical order so the same filter always shares one cache entry.
  const status = CAMPAIGN_STATUSES.filter((s) => statuses.includes(s)).join(",");
  return queryOptions({
    queryKey: ["campaigns", { projectId: projectId ?? null, status }] as const,
    queryFn: ({ signal }) =>
      apiGet<{ campaigns: CampaignListItem[] }>("/api/campaigns", { project_id: projectId ?? undefined, status }, signal),
  });
};

export const campaignQuery = (id: number) =>
  queryOptions({
    queryKey: ["campaigns", id] as const,
    queryFn: ({ signal }) => apiGet<CampaignDetail>(`/api/campaigns/${id}`, undefined, signal),
  });

export type CampaignPostsFilter = { status?: string; sort?: string; limit?: number; offset?: number; since?: string };

export const campaignPostsQuery = (id: number, filter: CampaignPostsFilter) =>
  queryOptions({
    queryKey: ["campaigns", id, "posts", filter] as const,
    queryFn: ({ signal }) => apiGet<PostList>(`/api/campaigns/${id}/posts`, filter, signal),
  });

/**
 * The latest published post, or `data: null` when the campaign has none yet:
 * the upstream's 404 `no_posts` is an ordinary state, not an error.
 */
export const latestPostQuery = (id: number) =>
  queryOptions({
    queryKey: ["campaigns", id, "posts", "latest"] as const,
    queryFn: async ({ signal }): Promise<DataResponse<Post | null>> => {
      try {
        return await apiGet<Post>(`/api/campaigns/${id}/posts/latest`, undefined, signal);
      } catch (error) {
        if (error instanceof ApiClientError && error.status === 404 && error.code === "no_posts") {
          return { data: null, meta: { stale: false, fetchedAt: new Date().toISOString() } };
        }
        throw error;
      }
    },
  });

import { queryOptions } from "@tanstack/react-query";
import type { DataResponse } from "@/lib/api/envelope";
import type { Post } from "@/lib/schemas";
import { CAMPAIGN_STATUSES } from "@/lib/schemas/values";
import { ApiClientError, apiRead } from "./fetch-json";

/** Every status: for counting against the plan's limit and for a project's page. */
export const ALL_CAMPAIGN_STATUSES: readonly string[] = CAMPAIGN_STATUSES;

export type CampaignsFilter = { projectId?: number | null; statuses: readonly string[] };

export const campaignsQuery = ({ projectId, statuses }: CampaignsFilter) => {
  // Canonical order so the same filter always shares one cache entry.
  const status = CAMPAIGN_STATUSES.filter((s) => statuses.includes(s)).join(",");
  return queryOptions({
    queryKey: ["campaigns", { projectId: projectId ?? null, status }] as const,
    queryFn: ({ signal }) => apiRead("campaigns", "/api/campaigns", { query: { project_id: projectId ?? undefined, status }, signal }),
  });
};

export const campaignQuery = (id: number) =>
  queryOptions({
    queryKey: ["campaigns", id] as const,
    queryFn: ({ signal }) => apiRead("campaign", `/api/campaigns/${id}`, { signal }),
  });

export type CampaignPostsFilter = { status?: string; sort?: string; limit?: number; offset?: number; since?: string };

export const campaignPostsQuery = (id: number, filter: CampaignPostsFilter) =>
  queryOptions({
    queryKey: ["campaigns", id, "posts", filter] as const,
    queryFn: ({ signal }) => apiRead("postList", `/api/campaigns/${id}/posts`, { query: filter, signal }),
  });

/** The same list without texts and media (`view=brief`), for panels that only name and link posts. */
export const campaignPostBriefsQuery = (id: number, filter: CampaignPostsFilter) =>
  queryOptions({
    queryKey: ["campaigns", id, "posts", { ...filter, view: "brief" }] as const,
    queryFn: ({ signal }) => apiRead("postBriefList", `/api/campaigns/${id}/posts`, { query: { ...filter, view: "brief" }, signal }),
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
        return await apiRead("post", `/api/campaigns/${id}/posts/latest`, { signal });
      } catch (error) {
        if (error instanceof ApiClientError && error.status === 404 && error.code === "no_posts") {
          return { data: null, meta: { stale: false, fetchedAt: new Date().toISOString() } };
        }
        throw error;
      }
    },
  });

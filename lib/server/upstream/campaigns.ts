import "server-only";
import {
  CampaignDetail,
  CampaignEngagement,
  CampaignList,
  Post,
  PostList,
  ScheduleList,
  type CampaignEngagementQuery,
  type CampaignListQuery,
  type PostListQuery,
} from "@/lib/schemas";
import { request, type CallOptions } from "./http";

// GET campaigns/ – campaigns, by project and status (upstream default ACTIVE,FROZEN)
export const listCampaigns = (q: CampaignListQuery = {}, o?: CallOptions) =>
  request("GET", "campaigns/", CampaignList, { ...o, query: { project_id: q.project_id, status: q.status } });

// GET campaigns/<id>/ – detail with channels, schedules and stats
export const getCampaign = (id: number, o?: CallOptions) => request("GET", `campaigns/${id}/`, CampaignDetail, o);

// GET campaigns/<id>/schedules/
export const listCampaignSchedules = (id: number, o?: CallOptions) =>
  request("GET", `campaigns/${id}/schedules/`, ScheduleList, o);

// GET campaigns/<id>/posts/ – filtered, sorted, paginated; `since` for incremental sync
export const listCampaignPosts = (id: number, q: PostListQuery = {}, o?: CallOptions) =>
  request("GET", `campaigns/${id}/posts/`, PostList, {
    ...o,
    query: { status: q.status, sort: q.sort, since: q.since, limit: q.limit, offset: q.offset },
  });

// GET campaigns/<id>/posts/latest – no trailing slash, as the description writes it
export const getLatestPost = (id: number, o?: CallOptions) => request("GET", `campaigns/${id}/posts/latest`, Post, o);

// GET campaigns/<id>/engagement/ – totals per metric, optionally since a publication date
export const getCampaignEngagement = (id: number, q: CampaignEngagementQuery = {}, o?: CallOptions) =>
  request("GET", `campaigns/${id}/engagement/`, CampaignEngagement, { ...o, query: { since: q.since } });

import "server-only";
import { ApprovalResult, EngagementHistory, PostDetail, PostEngagement, type EngagementHistoryQuery } from "@/lib/schemas";
import { request, type CallOptions } from "./http";

// GET posts/<id>/ – the post with versions, publish records and engagement
export const getPost = (id: number, o?: CallOptions) => request("GET", `posts/${id}/`, PostDetail, o);

// POST posts/<id>/approve – idempotent: a repeat gives already_approved
export const approvePost = (id: number, o?: CallOptions) => request("POST", `posts/${id}/approve`, ApprovalResult, o);

// POST posts/<id>/reject – cancels a WAITING_APPROVAL, APPROVED or SCHEDULED post
export const rejectPost = (id: number, o?: CallOptions) => request("POST", `posts/${id}/reject`, ApprovalResult, o);

// GET posts/<id>/engagement/ – current values per metric and platform
export const getPostEngagement = (id: number, o?: CallOptions) =>
  request("GET", `posts/${id}/engagement/`, PostEngagement, o);

// GET posts/<id>/engagement/history/ – datapoints of one metric, newest first
export const getPostEngagementHistory = (id: number, q: EngagementHistoryQuery, o?: CallOptions) =>
  request("GET", `posts/${id}/engagement/history/`, EngagementHistory, {
    ...o,
    query: { metric_type: q.metric_type, limit: q.limit },
  });

import { queryOptions } from "@tanstack/react-query";
import type { ApprovalResult } from "@/lib/schemas";
import { apiPost, apiRead } from "./fetch-json";

/** Same key as the engagement tab's post query, so the two pages share one cache entry. */
export const postKey = (id: number) => ["posts", id] as const;

export const postQuery = (id: number) =>
  queryOptions({
    queryKey: postKey(id),
    queryFn: ({ signal }) => apiRead("postDetail", `/api/posts/${id}`, { signal }),
  });

/** Someone else's earlier decision on the post, which this one ran into or turned around. */
export type PreviousDecision = { by: string; email: string; action: "approve" | "reject"; at: string };

/**
 * What the decision routes say beside the result (and beside an error's
 * envelope): `audit_recorded` false with a `warning` when the decision stands
 * but the audit log could not take it; `previous_decision` when someone else
 * decided first.
 */
export type DecisionExtras = { audit_id: number | null; audit_recorded?: boolean; warning?: string; previous_decision?: PreviousDecision };
export type DecisionResponse = { data: ApprovalResult & { recovered?: boolean } } & DecisionExtras;

export const approvePost = (id: number, body: { note?: string; source?: "single" | "keyboard" } = {}) =>
  apiPost<DecisionResponse>(`/api/posts/${id}/approve`, { source: "single", ...body });

export const rejectPost = (id: number, body: { reason: string; source?: "single" | "keyboard" }) =>
  apiPost<DecisionResponse>(`/api/posts/${id}/reject`, { source: "single", ...body });

/** Reject reasons: 1 to 500 characters after trimming (the route checks the same). */
export const REASON_MAX = 500;

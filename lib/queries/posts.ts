import { queryOptions } from "@tanstack/react-query";
import type { ApprovalResult } from "@/lib/schemas";
import { apiGetRaw, apiPost, apiRead } from "./fetch-json";

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
export type DecisionExtras = {
  audit_id: number | null;
  audit_recorded?: boolean;
  warning?: string;
  previous_decision?: PreviousDecision;
  /** The read-back after the approve found another version approved than the one signed off. */
  wrong_version?: { signed: number | null; approved: number | null };
};
export type DecisionResponse = { data: ApprovalResult & { recovered?: boolean } } & DecisionExtras;

/**
 * `version` is the active version the page showed: the server refuses with
 * 409 `version_changed` (see `isVersionChanged`) when it is no longer active,
 * and sends nothing upstream. Pages always pass it.
 */
/** `confirmed`: the person confirmed a text over a platform's limit (else 409 `confirmation_required`). */
export type ApproveBody = { note?: string; source?: "single" | "keyboard"; version?: number; confirmed?: boolean; override?: { reason: string } };
/** `keepalive`: sent as the page is left (the undo window's send on exit). */
export type SendOptions = { keepalive?: boolean };
/** `category` is a code of the server's REJECT_CATEGORIES (see `rejectReasonsOptions`). */
export type RejectBody = { reason: string; category?: string; source?: "single" | "keyboard"; version?: number };

export const approvePost = (id: number, body: ApproveBody = {}, options?: SendOptions) =>
  apiPost<DecisionResponse>(`/api/posts/${id}/approve`, { source: "single", ...body }, options);

export const rejectPost = (id: number, body: RejectBody, options?: SendOptions) =>
  apiPost<DecisionResponse>(`/api/posts/${id}/reject`, { source: "single", ...body }, options);

/** GET /api/campaigns/[id]/reject-reasons: every configured category (most used first) and the 10 most used reasons. */
export type RejectReasons = {
  categories: { code: string; count: number }[];
  reasons: { text: string; category: string | null; count: number }[];
};

export const rejectReasonsKey = (campaignId: number) => ["reject-reasons", campaignId] as const;

export const rejectReasonsOptions = (campaignId: number) =>
  queryOptions({
    queryKey: rejectReasonsKey(campaignId),
    queryFn: ({ signal }) => apiGetRaw<RejectReasons>(`/api/campaigns/${campaignId}/reject-reasons`, undefined, signal),
    // The dashboard's own database, not the upstream: cheap, but a minute is fresh enough for suggestions.
    staleTime: 60_000,
  });

/** Reject reasons: 1 to 500 characters after trimming (the route checks the same). */
export const REASON_MAX = 500;

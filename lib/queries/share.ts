import { queryOptions } from "@tanstack/react-query";
import type { ShareLinkItem, SharedComment, SharedLinkView, SharedPost, VisitorCommentBody, VisitorDecisionBody } from "@/lib/schemas/share";
import { apiDelete, apiGet, apiGetRaw, apiPost } from "./fetch-json";

/*
 * Share links: the dashboard's side (create, list, revoke; editors and
 * admins) and the visitor's side (the token routes under /api/s/, the only
 * API a token opens). One key factory for both, so the server page and the
 * client hooks never drift.
 */
export const shareLinksKey = (scope: { task_id?: number; campaign_id?: number }) => ["share-links", scope] as const;

export const shareLinksQuery = (scope: { task_id?: number; campaign_id?: number }) =>
  queryOptions({
    queryKey: shareLinksKey(scope),
    queryFn: ({ signal }) =>
      apiGetRaw<{ items: ShareLinkItem[] }>("/api/share-links", { task_id: scope.task_id, campaign_id: scope.campaign_id }, signal),
  });

export type CreateShareLinkInput = { task_id?: number; campaign_id?: number; expires_in_hours: number; can_decide: boolean };
export type CreatedShareLink = { id: string; url: string; link: ShareLinkItem };

export const createShareLink = (input: CreateShareLinkInput) => apiPost<CreatedShareLink>("/api/share-links", input);
export const revokeShareLink = (id: string) => apiDelete<{ link: ShareLinkItem }>(`/api/share-links/${encodeURIComponent(id)}`);

// The visitor's side. The token is in the path, as in the page's own address.
const base = (token: string) => `/api/s/${encodeURIComponent(token)}`;

export const sharedViewKey = (token: string) => ["shared", token] as const;
export const sharedPostKey = (token: string, id: number) => ["shared", token, "post", id] as const;

export const sharedViewQuery = (token: string) =>
  queryOptions({
    queryKey: sharedViewKey(token),
    queryFn: ({ signal }) => apiGet<SharedLinkView>(base(token), undefined, signal),
  });

export const sharedPostQuery = (token: string, id: number) =>
  queryOptions({
    queryKey: sharedPostKey(token, id),
    queryFn: ({ signal }) => apiGet<SharedPost>(`${base(token)}/posts/${id}`, undefined, signal),
  });

export type VisitorDecisionAnswer = {
  data?: { task_id: number; status: string; result: string; message: string };
  audit_recorded: boolean;
  seen_version?: number;
  current_version?: number | null;
};

export const visitorDecide = (token: string, id: number, body: VisitorDecisionBody, options?: { keepalive?: boolean }) =>
  apiPost<VisitorDecisionAnswer>(`${base(token)}/posts/${id}/decide`, body, options);

export const visitorComment = (token: string, id: number, body: VisitorCommentBody) =>
  apiPost<{ data: SharedComment }>(`${base(token)}/posts/${id}/comments`, body);

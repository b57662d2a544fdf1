import { queryOptions } from "@tanstack/react-query";
import type { CommentView, MentionUser, PolicyStep, PolicyView, PostVerdicts, PresenceView, SignoffStanding, Verdict, VerdictSummary, VerdictView } from "@/lib/schemas/collab";
import { ApiClientError, apiDelete, apiGetRaw, apiPost, apiRead, networkError } from "./fetch-json";
import { inboxApiQuery, inboxOptions, type InboxFilters } from "./inbox";

/*
 * Comments, verdicts, policies and presence. All of it lives in
 * the dashboard's own database: none of these reads costs an upstream request
 * beyond the post read the page already made.
 */

export const commentsKey = (taskId: number) => ["comments", taskId] as const;
export const verdictsKey = (taskId: number) => ["verdicts", taskId] as const;
export const policyKey = (campaignId: number) => ["policy", campaignId] as const;
/** Presence of one post, or of a campaign's rows (`campaign`), or of a page of rows (`tasks`). */
export const presenceKey = (scope: { task?: number; campaign?: number; tasks?: readonly number[] }) => ["presence", scope] as const;

export const commentsQuery = (taskId: number) =>
  queryOptions({
    queryKey: commentsKey(taskId),
    queryFn: ({ signal }) => apiGetRaw<{ items: CommentView[] }>(`/api/posts/${taskId}/comments`, undefined, signal),
  });

export const verdictsQuery = (taskId: number) =>
  queryOptions({
    queryKey: verdictsKey(taskId),
    queryFn: async ({ signal }) => (await apiGetRaw<{ data: PostVerdicts }>(`/api/posts/${taskId}/verdicts`, undefined, signal)).data,
  });

export const policyQuery = (campaignId: number) =>
  queryOptions({
    queryKey: policyKey(campaignId),
    queryFn: async ({ signal }) => (await apiGetRaw<{ data: PolicyView }>(`/api/campaigns/${campaignId}/policy`, undefined, signal)).data,
  });

/** Who else has the post (or the campaign's posts) open; refetched on presence events and every heartbeat interval. */
export const presenceQuery = (scope: { task?: number; campaign?: number; tasks?: readonly number[] }) =>
  queryOptions({
    queryKey: presenceKey(scope),
    queryFn: async ({ signal }) =>
      (
        await apiGetRaw<{ data: PresenceView }>(
          "/api/presence",
          { task_id: scope.task, campaign_id: scope.campaign, task_ids: scope.tasks?.map(String) },
          signal,
        )
      ).data,
    refetchInterval: 30_000,
  });

export const mentionUsersQuery = (q: string) =>
  queryOptions({
    queryKey: ["users", "mentions", q] as const,
    queryFn: ({ signal }) => apiGetRaw<{ items: MentionUser[] }>("/api/users", { q }, signal),
    staleTime: 60_000,
  });

/** PATCH/PUT with a JSON body (fetch-json has POST and DELETE only); errors keep the envelope's code and message. */
async function sendJson<T>(method: "PATCH" | "PUT", path: string, body: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { method, headers: { "Content-Type": "application/json", Accept: "application/json" }, body: JSON.stringify(body) });
  } catch (e) {
    throw networkError(e);
  }
  const json = (await response.json().catch(() => null)) as { error?: { code: string; message: string } } | null;
  if (!response.ok) throw new ApiClientError(response.status, json?.error?.code ?? "http_error", json?.error?.message ?? `HTTP ${response.status}`);
  return json as T;
}

export const postComment = (taskId: number, body: string, version: number | null) =>
  apiPost<{ data: CommentView }>(`/api/posts/${taskId}/comments`, version === null ? { body } : { body, version });
export const editComment = (taskId: number, id: number, body: string) =>
  sendJson<{ data: CommentView }>("PATCH", `/api/posts/${taskId}/comments/${id}`, { body });
export const deleteComment = (taskId: number, id: number) => apiDelete<{ data: { id: number } }>(`/api/posts/${taskId}/comments/${id}`);
export const giveVerdict = (taskId: number, body: { verdict: Verdict; version: number; note?: string }) =>
  apiPost<{ data: VerdictView }>(`/api/posts/${taskId}/review`, body);
/** The sign-off steps in order (an empty list: the editor approves alone). */
export const setPolicy = (campaignId: number, signoff: PolicyStep[]) => sendJson<{ data: PolicyView }>("PUT", `/api/campaigns/${campaignId}/policy`, { signoff });
export const sendHeartbeat = (taskId: number, campaignId: number | null) => apiPost<{ ok: true }>("/api/presence", { task_id: taskId, campaign_id: campaignId });

/** The goodbye: keepalive so it still goes out as the tab closes. */
export function sendLeave(taskId: number): void {
  void fetch(`/api/presence?task_id=${taskId}`, { method: "DELETE", keepalive: true }).catch(() => undefined);
}

export type RowFacts = {
  viewers: PresenceView["viewers"];
  verdicts: Record<string, VerdictSummary & { version: number }>;
  /** Each post's sign-off standing, as its page says it (absent: the row shows its campaign's steps). */
  signoff?: Record<string, SignoffStanding>;
};
/** A page of rows' viewers and verdict summaries; refetched on verdict and presence events (keys start with "presence"). */
export const rowFactsQuery = (taskIds: readonly number[]) =>
  queryOptions({
    queryKey: ["presence", "rows", [...taskIds].sort((a, b) => a - b)] as const,
    queryFn: async ({ signal }) => (await apiGetRaw<{ data: RowFacts }>("/api/presence/rows", { task_ids: taskIds.map(String) }, signal)).data,
    enabled: taskIds.length > 0,
    refetchInterval: 30_000,
  });

/**
 * The inbox's list, narrowed to a verdict state when one is chosen
 * (`?verdict=`): the same query with the parameter added, under a key of its
 * own below the inbox's prefix (so every inbox invalidation reaches it).
 */
export function inboxVerdictOptions(filters: InboxFilters, verdict: "signed_off" | "changes" | "mine" | null) {
  const base = inboxOptions(filters);
  if (!verdict) return base;
  const query = { ...inboxApiQuery(filters), verdict };
  return queryOptions({
    ...base,
    queryKey: [...base.queryKey, verdict] as unknown as typeof base.queryKey,
    queryFn: ({ signal }) => apiRead("inbox", "/api/inbox", { query, signal }),
  });
}

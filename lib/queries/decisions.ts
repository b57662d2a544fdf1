import { queryOptions } from "@tanstack/react-query";
// Type only: the audit module is server code, nothing of it reaches the bundle.
import type { PostDecisionItem } from "@/lib/server/audit";
import { apiGetRaw } from "./fetch-json";

export type DecisionItem = PostDecisionItem;

export const postDecisionsKey = (id: number) => ["decisions", "post", id] as const;

/** Every approve/reject attempt recorded by the dashboard for one post, newest first. */
export const postDecisionsQuery = (id: number) =>
  queryOptions({
    queryKey: postDecisionsKey(id),
    queryFn: ({ signal }) => apiGetRaw<{ items: DecisionItem[] }>(`/api/posts/${id}/decisions`, undefined, signal),
  });

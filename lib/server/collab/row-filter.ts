import "server-only";
import * as z from "zod";
import type { DataResponse } from "@/lib/api/envelope";
import type { PostList, PostListQuery } from "@/lib/schemas";
import { service, type Priority } from "@/lib/server/upstream-service";
import { verdictSummaries } from "./verdicts";

/**
 * The lists' "signed off" / "changes requested" filter, answered from the
 * dashboard's own database: which posts are in that state is known here,
 * the rows themselves come from the same cached lists as ever.
 */
export const VERDICT_FILTERS = ["signed_off", "changes"] as const;
export type VerdictFilter = (typeof VERDICT_FILTERS)[number];
/** `?verdict=signed_off|changes`; parsed beside the list's own query (whose schema leaves unknown names out). */
export const VerdictFilterQuery = z.object({ verdict: z.enum(VERDICT_FILTERS).optional() });

/** The posts whose latest round of verdicts is in `state` (optionally within some campaigns). */
export async function taskIdsInState(state: VerdictFilter, campaignIds?: readonly number[]): Promise<Set<number>> {
  const summaries = await verdictSummaries({ campaign_ids: campaignIds });
  return new Set([...summaries].filter(([, s]) => s.state === state).map(([id]) => id));
}

/** Pages of the campaign's list read to find the filtered rows: the service mirrors a campaign's list, so these are mostly cache hits. */
const MAX_PAGES = 10;

/**
 * One page of a campaign's posts in the verdict state: the list (with the
 * same status and sort) is walked through the service's cached copy and the
 * matching rows paged here; `total` counts the matches. An empty state costs
 * no list read beyond the first page's (for the campaign's name and meta).
 */
export async function campaignPostsInState(campaignId: number, q: PostListQuery, state: VerdictFilter, priority: Priority): Promise<DataResponse<PostList>> {
  const wanted = await taskIdsInState(state, [campaignId]);
  const limit = q.limit ?? 20;
  const offset = q.offset ?? 0;
  const first = await service.campaignPosts(campaignId, { ...q, limit: 100, offset: 0 }, priority);
  const matching = first.data.posts.filter((p) => wanted.has(p.task_id));
  let meta = first.meta;
  for (let page = 1; page < MAX_PAGES && page * 100 < first.data.total && wanted.size > matching.length; page++) {
    const next = await service.campaignPosts(campaignId, { ...q, limit: 100, offset: page * 100 }, priority);
    matching.push(...next.data.posts.filter((p) => wanted.has(p.task_id)));
    if (next.meta.stale) meta = next.meta;
  }
  return { data: { ...first.data, posts: matching.slice(offset, offset + limit), total: matching.length, limit, offset }, meta };
}

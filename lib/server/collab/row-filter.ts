import "server-only";
import * as z from "zod";
import type { DataResponse } from "@/lib/api/envelope";
import type { PostList, PostListQuery } from "@/lib/schemas";
import { service, type Priority } from "@/lib/server/upstream-service";
import { verdictSummaries } from "./verdicts";

/**
 * The lists' "signed off" / "changes requested" filter, answered from the
 * dashboard's own database: which posts are in that state is known here,
 * the rows themselves are cut from the campaign's mirror like every list.
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

/** Rows of the campaign's list looked through for the filtered ones: the first thousand, as ten pages of 100 were. */
const MAX_ROWS = 1_000;

/**
 * One page of a campaign's posts in the verdict state: the list (with the
 * same status and sort) is cut from the mirror in one piece and the matching
 * rows paged here; `total` counts the matches.
 */
export async function campaignPostsInState(campaignId: number, q: PostListQuery, state: VerdictFilter, priority: Priority): Promise<DataResponse<PostList>> {
  const wanted = await taskIdsInState(state, [campaignId]);
  const limit = q.limit ?? 20;
  const offset = q.offset ?? 0;
  const all = await service.campaignPosts(campaignId, { ...q, limit: MAX_ROWS, offset: 0 }, priority);
  const matching = all.data.posts.filter((p) => wanted.has(p.task_id));
  return { data: { ...all.data, posts: matching.slice(offset, offset + limit), total: matching.length, limit, offset }, meta: all.meta };
}

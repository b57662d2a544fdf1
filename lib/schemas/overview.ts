import * as z from "zod";
import { count, id } from "./common";
import { Post } from "./posts";

/**
 * GET /api/overview/attention: what needs attention across the active
 * campaigns, cut from their mirrors in the dashboard's database (no upstream
 * read per campaign). A campaign never loaded yet is counted in `loading`
 * and is in neither list.
 */
export const AttentionWaiting = z.object({ id, name: z.string(), count });

/**
 * Posts whose publication failed on at least one channel: not published
 * anywhere (FAILED) or not everywhere (PARTIALLY_PUBLISHED). `total` counts
 * exactly the kind of post listed (both statuses), `posts` are its newest
 * five: the panel says how many of them it shows.
 */
export const AttentionFailed = z.object({
  id,
  name: z.string(),
  total: count,
  posts: z.array(Post.pick({ task_id: true, status: true, published_at: true })),
});

export const OverviewAttention = z.object({
  /** Active campaigns with posts waiting for approval, most first. */
  waiting: z.array(AttentionWaiting),
  /** Active campaigns with failed or partly published posts, most first. */
  failed: z.array(AttentionFailed),
  /** Active campaigns in all, and how many of them are not loaded yet (the scheduler is filling them). */
  active: count,
  loading: count,
});
export type OverviewAttention = z.infer<typeof OverviewAttention>;

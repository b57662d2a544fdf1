import "server-only";
import type { Post, PostSort } from "@/lib/schemas";

/**
 * A campaign's posts under one filter and sort, as a refresh saw them: what
 * the live push compares before and after a mirror refresh to name the posts
 * that changed (lib/server/events/refresh.ts).
 */
export type PostView = {
  campaignId: number;
  campaignName: string;
  statuses: readonly string[];
  sort: PostSort;
  /** Every matching post in upstream order (only the first page when !complete). */
  posts: Post[];
  /** True when `posts` is the whole list. */
  complete: boolean;
  /** The upstream's count of matching posts. */
  total: number;
  /** Newest `updated_at` seen (ms). */
  cursorMs?: number;
  /** A full refetch is due after this (ms since epoch). */
  fullBy: number;
};

/** What is known of a post after a change: its status (a decision's answer), or the whole post (a notification). */
export type KnownChange = { status: string } | { post: Post };

import "server-only";
import type { Post } from "@/lib/schemas";

/**
 * A campaign's posts as a refresh saw them: what the live push compares
 * before and after a mirror refresh to name the posts that changed
 * (lib/server/events/refresh.ts).
 */
export type PostView = {
  campaignId: number;
  /** Every post of the list, in upstream order. */
  posts: Post[];
  /** Newest `updated_at` seen (ms). */
  cursorMs?: number;
};

/** What is known of a post after a change: its status (a decision's answer), or the whole post (a notification). */
export type KnownChange = { status: string } | { post: Post };

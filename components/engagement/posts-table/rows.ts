import type { Post } from "@/lib/schemas";

/** One row of the posts table: the post and, once fetched, its metrics summed across platforms. */
export type PostEngagementRow = {
  post: Post;
  state: "loaded" | "pending" | "error";
  /** Only metrics the upstream reported; absent keys read "not reported". */
  metrics: Record<string, number>;
};

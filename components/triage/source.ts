import type { QueryKey } from "@tanstack/react-query";
import type { DataMeta } from "@/lib/api/envelope";
import type { Post } from "@/lib/schemas";

/** A row of a triage list: a post, and in the inbox how urgent it is (overdue, due_2h, today, later). */
export type TriagePost = Post & { urgency?: string };

/** The list query's answer, whatever its route: the campaign's posts or the inbox. */
export type TriageAnswer = { data: { posts: readonly TriagePost[]; total: number }; meta: DataMeta };

/** What the desk reads of the page's list query (a React Query result fits). */
export type TriageQuery = {
  data: TriageAnswer | undefined;
  status: "pending" | "error" | "success";
  error: unknown;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
};

/**
 * Where a triage desk's posts come from. The page owns the query (its key,
 * filters, polling and server prefetch); the desk owns everything done to
 * the rows: cursor, keys, preview, decisions, selection and bulk jobs.
 */
export type TriageSource = {
  query: TriageQuery;
  /** The prefix of every list a decision on these rows makes stale (the queue's campaign, or ["inbox"]). */
  listKey: QueryKey;
  /** Names the view (filters, page): a refresh of the same view is announced, a new view is not. */
  viewKey: string;
  /** Campaigns whose unfinished bulk jobs are looked for after a reload. */
  jobCampaigns: readonly number[];
};

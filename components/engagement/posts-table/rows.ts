import { sumByMetric } from "@/lib/analytics/engagement";
import type { Post, PostEngagement } from "@/lib/schemas";

/** One row of the posts table: the post and, once fetched, its metrics summed across platforms. */
export type PostEngagementRow = {
  post: Post;
  state: "loaded" | "pending" | "error";
  /** Only metrics the upstream reported; absent keys read "not reported". */
  metrics: Record<string, number>;
  /** When the upstream collected the newest of these values (ISO); null while none. */
  collectedAt: string | null;
};

const newest = (times: readonly string[]): string | null => times.reduce<string | null>((a, b) => (a === null || Date.parse(b) > Date.parse(a) ? b : a), null);

type Answer = { data: PostEngagement } | undefined;

// The last row made for each post, and the answer it was made from.
const lastRow = new WeakMap<Post, PostEngagementRow>();
const madeFrom = new WeakMap<PostEngagementRow, Answer>();

/**
 * The row of a post, the same object as last time while neither the post nor
 * its answer changed: the table redraws a row only when its object changes,
 * so a post's metrics arriving redraws that one row.
 */
export function engagementRow(post: Post, answer: Answer, failed: boolean): PostEngagementRow {
  const state = answer ? "loaded" : failed ? "error" : "pending";
  const previous = lastRow.get(post);
  if (previous && previous.state === state && madeFrom.get(previous) === answer) return previous;
  const row: PostEngagementRow = {
    post,
    state,
    metrics: answer ? sumByMetric(answer.data.metrics) : {},
    collectedAt: answer ? newest(answer.data.metrics.map((m) => m.updated_at)) : null,
  };
  lastRow.set(post, row);
  madeFrom.set(row, answer);
  return row;
}

/** A row from the local time series (values already summed over platforms, each with its collection time). */
export function seriesRow(post: Post, metrics: Record<string, { value: number; collectedAt: string }>): PostEngagementRow {
  const previous = lastRow.get(post);
  if (previous && previous.state === "loaded" && madeFrom.get(previous) === undefined) return previous;
  const row: PostEngagementRow = {
    post,
    state: "loaded",
    metrics: Object.fromEntries(Object.entries(metrics).map(([k, v]) => [k, v.value])),
    collectedAt: newest(Object.values(metrics).map((m) => m.collectedAt)),
  };
  lastRow.set(post, row);
  return row;
}

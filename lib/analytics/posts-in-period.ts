/**
 * The one definition of "posts in the period" (so the figures that count them agree), for the engagement page's
 * count, its trend, its per-post table and their CSVs alike: a campaign's posts that are
 * out — status PUBLISHED or PARTIALLY_PUBLISHED, with a publication time — published at
 * or after the period's start (midnight of its first day in the reader's time zone) and
 * before its end (the day after its last day; none: up to now). The posts come from the
 * campaign mirror (lib/server/collector/read.ts, `periodPosts`), never a count of the
 * upstream's, so every figure on the page is a count of the same list.
 */
export const PERIOD_STATUSES = ["PUBLISHED", "PARTIALLY_PUBLISHED"] as const;

export type PeriodPost = { status: string; published_at: string | null };

/** Instants as UTC ISO text or anything Date.parse reads; `endIso` exclusive, absent: no end. */
export function isPostOfPeriod(post: PeriodPost, fromIso: string, endIso?: string): boolean {
  if (!(PERIOD_STATUSES as readonly string[]).includes(post.status) || !post.published_at) return false;
  const at = Date.parse(post.published_at);
  if (Number.isNaN(at)) return false;
  const from = fromIso ? Date.parse(fromIso) : -Infinity;
  const end = endIso ? Date.parse(endIso) : Infinity;
  return at >= (Number.isNaN(from) ? -Infinity : from) && at < (Number.isNaN(end) ? Infinity : end);
}

/** The posts of the period among `posts`, in their order. */
export function postsOfPeriod<T extends PeriodPost>(posts: readonly T[], fromIso: string, endIso?: string): T[] {
  return posts.filter((p) => isPostOfPeriod(p, fromIso, endIso));
}

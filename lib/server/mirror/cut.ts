import "server-only";
import type { CampaignStats, Post, PostList, PostSort } from "@/lib/schemas";
import { DEFAULT_POST_STATUSES, type NormalPostQuery } from "@/lib/server/service/keys";

/**
 * Lists, pages and counts cut from a campaign's mirror: what the upstream's
 * posts list would answer for the same filter, sort, `since`, limit and
 * offset, at no cost. Posts without the sort key go last either way and ties
 * fall back to the id, so pages never shuffle (the upstream's own placement of
 * nulls and ties is not described; nothing here depends on it).
 */
const time = (v: string | null | undefined): number | undefined => {
  if (!v) return undefined;
  const t = Date.parse(v);
  return Number.isNaN(t) ? undefined : t;
};

export function sortPosts(posts: readonly Post[], sort: PostSort): Post[] {
  const field = sort.endsWith("publish_at") ? "published_at" : "created_at";
  const desc = sort.startsWith("-");
  return [...posts].sort((a, b) => {
    const ta = time(a[field]);
    const tb = time(b[field]);
    if (ta === undefined || tb === undefined) return ta === tb ? a.task_id - b.task_id : ta === undefined ? 1 : -1;
    const d = ta - tb || a.task_id - b.task_id;
    return desc ? -d : d;
  });
}

/** The upstream's own default filter, "every status but CANCELED": statuses we do not know yet included. */
function isDefaultFilter(statuses: readonly string[]): boolean {
  return statuses.length === DEFAULT_POST_STATUSES.length && DEFAULT_POST_STATUSES.every((s) => statuses.includes(s));
}

/** The posts matching a query's statuses and `since`, in its order. */
export function matching(posts: readonly Post[], n: Pick<NormalPostQuery, "statuses" | "sort" | "since">): Post[] {
  const since = n.since ? time(n.since) : undefined;
  const statuses = new Set(n.statuses);
  const wanted = isDefaultFilter(n.statuses) ? (status: string) => status !== "CANCELED" : (status: string) => statuses.has(status);
  return sortPosts(
    posts.filter((p) => wanted(p.status) && (since === undefined || (time(p.updated_at) ?? -Infinity) > since)),
    n.sort,
  );
}

export function pageOf(campaignId: number, campaignName: string, posts: readonly Post[], n: NormalPostQuery): PostList {
  const all = matching(posts, n);
  return { campaign_id: campaignId, campaign_name: campaignName, total: all.length, limit: n.limit, offset: n.offset, posts: all.slice(n.offset, n.offset + n.limit) };
}

const PUBLISHED = new Set(["PUBLISHED", "PARTIALLY_PUBLISHED"]);

/** A campaign detail's counts, as the upstream counts them (spec 2.4): every post, published in part or whole, approved or scheduled. */
export function statsOf(posts: readonly Post[]): CampaignStats {
  const of = (...s: string[]) => posts.filter((p) => s.includes(p.status)).length;
  return {
    total: posts.length,
    published: posts.filter((p) => PUBLISHED.has(p.status)).length,
    waiting_approval: of("WAITING_APPROVAL"),
    scheduled: of("SCHEDULED", "APPROVED"),
    failed: of("FAILED"),
  };
}

/** The latest published post (the upstream's `posts/latest`), undefined when none is. */
export function latestOf(posts: readonly Post[]): Post | undefined {
  return sortPosts(posts.filter((p) => PUBLISHED.has(p.status)), "-publish_at")[0];
}

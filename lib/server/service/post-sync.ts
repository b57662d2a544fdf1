import "server-only";
import type { Post, PostList, PostListQuery, PostSort } from "@/lib/schemas";
import type { LoadContext } from "@/lib/server/gateway/gateway";
import type { CallOptions } from "@/lib/server/upstream";
import { ALL_POST_STATUSES, type NormalPostQuery } from "./keys";
// Live push: each refresh tells open pages which posts changed (lib/server/events/refresh.ts).
import { publishRefreshChanges } from "@/lib/server/events/refresh";

/**
 * Incremental sync of campaign post lists.
 *
 * Design: per campaign + status filter + sort, the service keeps a *view*:
 * the whole matching list in the upstream's order (up to `maxPosts`, fetched
 * 100 at a time). Every request for that campaign and filter (any page, any
 * `since` a browser sends) is cut from the view, so 25 people polling the same
 * queue share one view, and in-flight joining makes its refresh one upstream
 * call however many ask at once.
 *
 * When the view's TTL lapses it is refreshed with ONE call:
 *   posts/?since=<cursor - overlap>&status=<all ten>&limit=100
 * All statuses, so posts that LEFT the filter (approved elsewhere, canceled)
 * are seen and removed; posts that entered are inserted; changed ones replaced;
 * `total` is the view's length. The cursor is the newest `updated_at` the
 * upstream has shown us (its own clock, so our clock's skew does not matter).
 *
 * It falls back to a full refetch when the delta cannot be trusted: more than
 * one page of changes, an entering post whose position we cannot place with
 * certainty (null or tied sort key, or a list not ordered as we understand the
 * sort), every `resyncMs` anyway (a new post whose `updated_at` stays null would
 * otherwise never show), and before half of the shortest media-link lifetime
 * in the view has passed. Views of more than `maxPosts` are not mirrored: the
 * first 100 are kept for the head of the queue, deeper pages are fetched as asked.
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
  /** Newest `updated_at` seen (ms); deltas ask for changes after it. */
  cursorMs?: number;
  /** A full refetch is due after this (ms since epoch). */
  fullBy: number;
};

export type SyncOptions = { maxPosts: number; resyncMs: number; overlapMs: number };
export const DEFAULT_SYNC: SyncOptions = { maxPosts: 500, resyncMs: 5 * 60_000, overlapMs: 30_000 };

export type ListPosts = (id: number, q: PostListQuery, o?: CallOptions) => Promise<PostList>;
/** Statuses are kept as open strings; the ones we send come from the known list. */
const asStatus = (s: readonly string[]) => [...s] as PostListQuery["status"];

const PAGE = 100;
const time = (v: string | null | undefined): number | undefined => {
  if (!v) return undefined;
  const ms = Date.parse(v);
  return Number.isNaN(ms) ? undefined : ms;
};
const sortField = (sort: PostSort) => (sort.endsWith("publish_at") ? "published_at" : "created_at");

function newestUpdate(posts: readonly Post[], start?: number): number | undefined {
  let best = start;
  for (const p of posts) {
    const t = time(p.updated_at);
    if (t !== undefined && (best === undefined || t > best)) best = t;
  }
  return best;
}

/**
 * Where a post goes in a list sorted by `sort`, or undefined when that cannot
 * be known for sure (the upstream's placement of nulls and ties is not described).
 */
export function insertionIndex(posts: readonly Post[], post: Post, sort: PostSort): number | undefined {
  const field = sortField(sort);
  const desc = sort.startsWith("-");
  const k = time(post[field]);
  if (k === undefined) return undefined;
  if (posts.length === 0) return 0;
  const ks = posts.map((p) => time(p[field]));
  const defined = ks.flatMap((v, i) => (v === undefined ? [] : [i]));
  const first = defined[0];
  const last = defined[defined.length - 1];
  if (first === undefined || last === undefined) return undefined;
  // Nulls must sit together at one end, and the rest must be ordered as we read the sort.
  if (last - first + 1 !== defined.length) return undefined;
  for (let i = first + 1; i <= last; i++) {
    const a = ks[i - 1] as number;
    const b = ks[i] as number;
    if (desc ? a < b : a > b) return undefined;
  }
  for (let i = first; i <= last; i++) {
    const v = ks[i] as number;
    if (v === k) return undefined;
    if (desc ? v < k : v > k) return i;
  }
  return last + 1;
}

/** Applies changed posts (any status) to a complete view; undefined = refetch instead. */
export function mergeDelta(view: PostView, changed: readonly Post[], campaignName?: string): PostView | undefined {
  const posts = view.posts.slice();
  const latest = new Map<number, Post>();
  for (const c of changed) {
    const seen = latest.get(c.task_id);
    if (!seen || (time(c.updated_at) ?? 0) >= (time(seen.updated_at) ?? 0)) latest.set(c.task_id, c);
  }
  const field = sortField(view.sort);
  for (const c of latest.values()) {
    const i = posts.findIndex((p) => p.task_id === c.task_id);
    const belongs = view.statuses.includes(c.status);
    if (i >= 0) {
      const old = posts[i] as Post;
      posts.splice(i, 1);
      if (!belongs) continue;
      if (old[field] === c[field]) {
        posts.splice(i, 0, c);
        continue;
      }
    } else if (!belongs) continue;
    const at = insertionIndex(posts, c, view.sort);
    if (at === undefined) return undefined;
    posts.splice(at, 0, c);
  }
  return {
    ...view,
    campaignName: campaignName ?? view.campaignName,
    posts,
    total: posts.length,
    cursorMs: newestUpdate(changed, view.cursorMs),
  };
}

/** What is known of a post after a change: its status (a decision's answer), or the whole post (a notification). */
export type KnownChange = { status: string } | { post: Post };

/**
 * A complete view with one post as it is now (a decision's known outcome, a
 * notification's post): replaced, moved out of the view or into it as its
 * status says; undefined when that cannot be placed for sure (refresh
 * instead); a view holding a newer copy of it is kept as it is. The cursor stays: the next delta still asks for the post and
 * everything else changed since, so nothing is skipped on this word.
 */
export function viewWithPost(view: PostView, post: Post): PostView | undefined {
  if (!view.complete) return undefined;
  // A notification that arrives after a newer copy was listed is old news.
  const held = view.posts.find((p) => p.task_id === post.task_id);
  if (held && (time(held.updated_at) ?? -Infinity) > (time(post.updated_at) ?? -Infinity)) return view;
  const merged = mergeDelta(view, [post]);
  return merged && { ...merged, cursorMs: view.cursorMs };
}

function linkDeadline(posts: readonly Post[], now: number, resyncMs: number): number {
  let by = now + resyncMs;
  for (const p of posts) if (p.media) by = Math.min(by, now + (p.media.expires_in * 1000) / 2);
  return by;
}

/** The gateway `load` of a view: a delta when the previous view allows it, else a full fetch. */
export async function loadView(
  ctx: LoadContext<PostView>,
  list: ListPosts,
  id: number,
  n: NormalPostQuery,
  now: () => number,
  opts: SyncOptions = DEFAULT_SYNC,
): Promise<PostView> {
  const prev = ctx.previous?.value;
  let seenCursor: number | undefined;
  if (prev?.complete && prev.cursorMs !== undefined && now() < prev.fullBy) {
    const since = new Date(prev.cursorMs - opts.overlapMs).toISOString();
    const delta = await ctx.call("campaignPosts.delta", (o) =>
      list(id, { status: asStatus(ALL_POST_STATUSES), since, limit: PAGE }, o),
    );
    if (delta.posts.length >= delta.total) {
      const merged = mergeDelta(prev, delta.posts, delta.campaign_name);
      if (merged) {
        publishRefreshChanges(prev, merged, delta.posts);
        return merged;
      }
    }
    // Everything seen so far is older than what the full fetch below returns.
    seenCursor = newestUpdate(delta.posts, prev.cursorMs);
  }
  const full = await fullFetch(ctx, list, id, n, now, opts, seenCursor);
  publishRefreshChanges(prev, full);
  return full;
}

async function fullFetch(
  ctx: LoadContext<PostView>,
  list: ListPosts,
  id: number,
  n: NormalPostQuery,
  now: () => number,
  opts: SyncOptions,
  seenCursor: number | undefined,
): Promise<PostView> {
  const status = asStatus(n.statuses);
  const page = (offset: number) => ctx.call("campaignPosts", (o) => list(id, { status, sort: n.sort, limit: PAGE, offset }, o));
  const first = await page(0);
  const posts = [...first.posts];
  const complete = first.total <= opts.maxPosts;
  if (complete) {
    while (posts.length < first.total) {
      const next = await page(posts.length);
      if (next.posts.length === 0) break;
      posts.push(...next.posts);
    }
  }
  // Pages fetched while posts moved may overlap: keep the first sighting.
  const ids = new Set<number>();
  const unique = posts.filter((p) => (ids.has(p.task_id) ? false : (ids.add(p.task_id), true)));
  return {
    campaignId: id,
    campaignName: first.campaign_name,
    statuses: n.statuses,
    sort: n.sort,
    posts: unique,
    complete,
    total: complete ? unique.length : first.total,
    cursorMs: newestUpdate(unique, seenCursor),
    fullBy: linkDeadline(unique, now(), opts.resyncMs),
  };
}

/** One page of a request (its own limit, offset and `since`) cut from a view. */
export function pageFromView(view: PostView, n: NormalPostQuery): PostList {
  const since = n.since ? time(n.since) : undefined;
  const matching =
    since === undefined ? view.posts : view.posts.filter((p) => (time(p.updated_at) ?? -Infinity) > since);
  return {
    campaign_id: view.campaignId,
    campaign_name: view.campaignName,
    total: since === undefined ? view.total : matching.length,
    limit: n.limit,
    offset: n.offset,
    posts: matching.slice(n.offset, n.offset + n.limit),
  };
}

/** Whether a view can answer the request, or an exact upstream page is needed. */
export function viewCovers(view: PostView, n: NormalPostQuery): boolean {
  return view.complete || (!n.since && n.offset + n.limit <= view.posts.length);
}

import "server-only";
import type { DataResponse } from "@/lib/api/envelope";
import type {
  Account,
  CampaignDetail,
  CampaignEngagement,
  CampaignEngagementQuery,
  CampaignListItem,
  CampaignListQuery,
  Channel,
  EngagementHistory,
  EngagementHistoryQuery,
  Post,
  PostDetail,
  PostEngagement,
  PostList,
  PostListQuery,
  ProjectDetail,
  ProjectListItem,
  Schedule,
} from "@/lib/schemas";
import { wasInvalidated } from "@/lib/server/gateway/cache";
import type { Gateway, Priority } from "@/lib/server/gateway/gateway";
import type * as upstream from "@/lib/upstream";
import type { CallOptions } from "@/lib/upstream";
import { ANY_CAMPAIGN_DERIVED, ANY_CAMPAIGN_VIEWS, TTL_MS, keys, normalizeCampaignQuery, normalizePostQuery, tags, type NormalPostQuery } from "./keys";
import { DEFAULT_SYNC, loadView, pageFromView, viewCovers, viewWithPost, type KnownChange, type PostView, type SyncOptions } from "./post-sync";
import { decide, type WriteResult } from "./writes";

export type UpstreamApi = Pick<
  typeof upstream,
  | "getAccount"
  | "listProjects"
  | "getProject"
  | "listProjectChannels"
  | "listCampaigns"
  | "getCampaign"
  | "listCampaignSchedules"
  | "listCampaignPosts"
  | "getLatestPost"
  | "getCampaignEngagement"
  | "getPost"
  | "approvePost"
  | "rejectPost"
  | "getPostEngagement"
  | "getPostEngagementHistory"
>;

export type Read<T> = Promise<DataResponse<T>>;

export type Service = ReturnType<typeof createService>;

export type ServiceOptions = {
  sync?: Partial<SyncOptions>;
  ttlMs?: Partial<Record<keyof typeof TTL_MS, number>>;
  /**
   * Longest a published post's detail stays fresh on the word of a synced
   * list (default 5 min; 30 min before publication, when nothing in it moves
   * without its `updated_at` moving).
   */
  detailValidatedMs?: number;
};

/** Statuses whose detail carries engagement that is collected periodically, without touching `updated_at`. */
const ENGAGEMENT_STATUSES = new Set(["PUBLISHING", "PUBLISHED", "PARTIALLY_PUBLISHED", "FAILED"]);

/** Bounded memory of which campaign a post belongs to, for decisions and webhooks that do not say. */
class CampaignOfPost {
  private readonly map = new Map<number, number>();
  remember(posts: readonly Pick<Post, "task_id" | "campaign_id">[]): void {
    for (const p of posts) {
      this.map.delete(p.task_id);
      this.map.set(p.task_id, p.campaign_id);
    }
    while (this.map.size > 20_000) {
      const oldest = this.map.keys().next().value;
      if (oldest === undefined) break;
      this.map.delete(oldest);
    }
  }
  get(taskId: number): number | undefined {
    return this.map.get(taskId);
  }
}

/** The typed, cached, budgeted face of the upstream that route handlers use. */
export function createService(gw: Gateway, api: UpstreamApi, options: ServiceOptions = {}) {
  const ttl = { ...TTL_MS, ...options.ttlMs };
  const sync = { ...DEFAULT_SYNC, ...options.sync };
  const campaignOf = new CampaignOfPost();
  const detailValidatedMs = options.detailValidatedMs ?? 300_000;
  const prePublicationValidatedMs = Math.max(detailValidatedMs, 30 * 60_000);

  /** A cached read of one upstream call. */
  function one<T>(op: keyof typeof TTL_MS, key: string, tagList: readonly string[], p: Priority, fn: (o: CallOptions) => Promise<T>): Read<T> {
    return gw.read<T>({ op, key, ttlMs: ttl[op], tags: tagList, priority: p, load: (ctx) => ctx.call(op, fn) });
  }

  function view(id: number, n: NormalPostQuery, p: Priority): Read<PostView> {
    return gw.read<PostView>({
      op: "campaignPosts",
      key: keys.postView(id, n),
      ttlMs: ttl.campaignPosts,
      alignToClock: true,
      tags: tags.campaignViews(id),
      priority: p,
      load: async (ctx) => {
        const before = ctx.previous?.value.posts ?? [];
        const v = await loadView(ctx, api.listCampaignPosts, id, n, () => gw.clock.now(), sync);
        campaignOf.remember(v.posts);
        reconcileDetails(v.posts);
        // A post that left the list changed (its status, most likely): its detail is stale.
        const still = new Set(v.posts.map((x) => x.task_id));
        for (const x of before) if (!still.has(x.task_id)) gw.invalidate(tags.post(x.task_id)[0] as string);
        return v;
      },
    });
  }

  /**
   * How long a detail may live on a list's word: engagement is collected only
   * once a post is out, so before that nothing in the detail moves without
   * `updated_at` moving too; media links must not get near their expiry.
   */
  function validatedFor(post: PostDetail): number {
    const settled = !ENGAGEMENT_STATUSES.has(post.status);
    const base = settled ? prePublicationValidatedMs : detailValidatedMs;
    return post.media ? Math.min(base, (post.media.expires_in * 1000) / 2) : base;
  }

  /**
   * A freshly synced list tells us, for each of its posts, whether a cached
   * detail is still current: same `updated_at` and status means nothing a
   * person acts on has changed, so the detail stays fresh along with the list
   * (up to `detailValidatedMs` after its own fetch, for engagement and media
   * links); a different one drops it. This is what keeps 25 people opening the
   * head of the same queue at the cost of one.
   */
  function reconcileDetails(posts: readonly Post[]): void {
    const now = gw.clock.now();
    for (const p of posts) {
      const cached = gw.peek<PostDetail>(keys.post(p.task_id));
      if (!cached) continue;
      if (cached.value.updated_at !== p.updated_at || cached.value.status !== p.status) {
        gw.invalidate(tags.post(p.task_id)[0] as string);
      } else {
        // Vouched for now: as good as a detail fetched now, within its own TTL.
        gw.extend(keys.post(p.task_id), Math.min(cached.fetchedAt + validatedFor(cached.value), now + ttl.post));
      }
    }
  }

  async function postFresh(id: number, lane: "interactive" | "confirm" | "background" = "interactive"): Promise<PostDetail> {
    const post = await gw.direct("post", lane, "get", (o) => api.getPost(id, o));
    gw.store(keys.post(id), post, ttl.post, tags.post(id));
    campaignOf.remember([post]);
    return post;
  }

  /**
   * A post changed: its detail and its campaign's derived answers are dropped.
   * When the change is `known`, its campaign's views are brought up to date
   * (`amendViews`) and the campaign's detail, whose counts it moved, is only
   * due for a refresh: served stale if the budget refuses one, rather than
   * failing the page's header. Otherwise the views are only expired: the next
   * read refreshes them with one small `since` call.
   */
  function invalidatePost(taskId: number, campaignId?: number, known?: KnownChange): void {
    const cid = campaignId ?? campaignOf.get(taskId) ?? gw.peek<PostDetail>(keys.post(taskId))?.value.campaign_id;
    gw.invalidate(`post:${taskId}`);
    if (cid === undefined) {
      gw.invalidate(ANY_CAMPAIGN_VIEWS, "expire");
      gw.invalidate(ANY_CAMPAIGN_DERIVED);
      return;
    }
    const detail = tags.campaignDetail(cid)[0] as string;
    if (known) {
      amendViews(cid, taskId, known);
      gw.amend(detail, (value) => value, { outdated: true });
    } else {
      gw.invalidate(`campaign:${cid}:posts`, "expire");
      gw.invalidate(detail);
    }
    // The latest post may be this one, as it was: never served again.
    for (const tag of [tags.latest(cid), tags.campaignEngagement(cid)]) gw.invalidate(tag[0] as string);
  }

  /**
   * The campaign's views with the post as it is now, at no upstream cost: a
   * list read right after a decision (the queue moving on, another instance,
   * a read budget spent for the minute) shows the decision without waiting
   * for a refresh. A decision's answer gives the status only; the rest of the
   * post comes from a view that holds it. A view that cannot be brought up
   * to date for sure (a post it should now hold and no view has, a place in
   * its order not known, a partial view, an exact page) is expired as before.
   */
  function amendViews(cid: number, taskId: number, known: KnownChange): void {
    const tag = tags.campaignViews(cid)[0] as string;
    const isView = (v: unknown): v is PostView => typeof v === "object" && v !== null && "complete" in v && "statuses" in v;
    let post = "post" in known ? known.post : undefined;
    if (!post && "status" in known) {
      // From a list still served: an expired one's copy of the row may predate an earlier change.
      const held = gw
        .peekTagged<unknown>(tag)
        .flatMap(([, e]) => (isView(e.value) && !wasInvalidated(e) ? e.value.posts : []))
        .find((p) => p.task_id === taskId);
      post = held && { ...held, status: known.status };
    }
    gw.amend<unknown>(tag, (value) => {
      if (!isView(value)) return undefined;
      if (post) return viewWithPost(value, post);
      // Held by no view: a view it should now be in cannot take it; the others are as they were.
      return "status" in known && value.statuses.includes(known.status) ? undefined : value;
    });
  }

  const write = (action: "approve" | "reject") => (id: number, campaignId?: number): Promise<WriteResult> =>
    decide(action, id, {
      gateway: gw,
      send: action === "approve" ? api.approvePost : api.rejectPost,
      reread: (taskId) => postFresh(taskId, "confirm"),
      invalidate: (taskId, status) => invalidatePost(taskId, campaignId, status === undefined ? undefined : { status }),
    });

  return {
    account: (p: Priority = "interactive"): Read<Account> => one("account", keys.account(), tags.account(), p, api.getAccount),
    projects: (p: Priority = "interactive"): Read<{ projects: ProjectListItem[] }> =>
      one("projects", keys.projects(), tags.projects(), p, api.listProjects),
    project: (id: number, p: Priority = "interactive"): Read<ProjectDetail> =>
      one("project", keys.project(id), tags.project(id), p, (o) => api.getProject(id, o)),
    projectChannels: (id: number, p: Priority = "interactive"): Read<{ channels: Channel[] }> =>
      one("projectChannels", keys.projectChannels(id), tags.project(id), p, (o) => api.listProjectChannels(id, o)),
    campaigns: (q: CampaignListQuery, p: Priority = "interactive"): Read<{ campaigns: CampaignListItem[] }> =>
      one("campaigns", keys.campaigns(q), tags.campaigns(), p, (o) => api.listCampaigns(normalizeCampaignQuery(q), o)),
    campaign: (id: number, p: Priority = "interactive"): Read<CampaignDetail> =>
      one("campaign", keys.campaign(id), tags.campaignDetail(id), p, (o) => api.getCampaign(id, o)),
    campaignSchedules: (id: number, p: Priority = "interactive"): Read<{ schedules: Schedule[] }> =>
      one("campaignSchedules", keys.campaignSchedules(id), tags.campaignSchedules(id), p, (o) => api.listCampaignSchedules(id, o)),
    async campaignPosts(id: number, q: PostListQuery, p: Priority = "interactive"): Read<PostList> {
      const n = normalizePostQuery(q);
      const v = await view(id, n, p);
      if (viewCovers(v.data, n)) return { data: pageFromView(v.data, n), meta: v.meta };
      // Too large to mirror and beyond its first page: that exact page, cached on its own.
      return one("campaignPosts", keys.postPage(id, n), tags.campaignViews(id), p, (o) =>
        api.listCampaignPosts(id, { ...q, status: n.statuses as PostListQuery["status"], sort: n.sort, limit: n.limit, offset: n.offset }, o),
      );
    },
    latestPost: (id: number, p: Priority = "interactive"): Read<Post> =>
      one("latestPost", keys.latestPost(id), tags.latest(id), p, (o) => api.getLatestPost(id, o)),
    campaignEngagement: (id: number, q: CampaignEngagementQuery, p: Priority = "interactive"): Read<CampaignEngagement> =>
      one("campaignEngagement", keys.campaignEngagement(id, q), tags.campaignEngagement(id), p, (o) => api.getCampaignEngagement(id, q, o)),
    async post(id: number, p: Priority = "interactive"): Read<PostDetail> {
      const r = await one("post", keys.post(id), tags.post(id), p, (o) => api.getPost(id, o));
      campaignOf.remember([r.data]);
      return r;
    },
    postEngagement: (id: number, p: Priority = "interactive"): Read<PostEngagement> =>
      one("postEngagement", keys.postEngagement(id), tags.postEngagement(id), p, (o) => api.getPostEngagement(id, o)),
    postEngagementHistory: (id: number, q: EngagementHistoryQuery, p: Priority = "interactive"): Read<EngagementHistory> =>
      one("postEngagementHistory", keys.postEngagementHistory(id, q), tags.postEngagement(id), p, (o) =>
        api.getPostEngagementHistory(id, q, o),
      ),
    approve: write("approve"),
    reject: write("reject"),
    /** Fresh read that bypasses the cache (used to learn a post's state). */
    /** A read the cache must not answer; "confirm" for the read a decision stands on (it may use the write reserve). */
    postFresh: (id: number, lane: "interactive" | "confirm" | "background" = "interactive"): Promise<PostDetail> => postFresh(id, lane),
    /** Drop cached entries of a post and its campaign (webhook notifications use this). */
    invalidatePost,
  };
}

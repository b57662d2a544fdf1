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
import { randomBytes } from "node:crypto";
import type { DataMeta } from "@/lib/api/envelope";
import { wasInvalidated } from "@/lib/server/gateway/cache";
import { BudgetExhaustedError } from "@/lib/server/gateway/errors";
import { publishRefreshChanges } from "@/lib/server/events/refresh";
import { latestOf, pageOf, statsOf } from "@/lib/server/mirror/cut";
import { mirrorStoreAt } from "@/lib/server/mirror";
import { newestUpdate, Refresher, type RefreshChange, type SyncOptions } from "@/lib/server/mirror/refresh";
import type { Mirrored, MirrorStore } from "@/lib/server/mirror/store";
import { Wants } from "@/lib/server/scheduler/wants";
import { UpstreamHttpError } from "@/lib/server/upstream/errors";
import { say, text } from "@/lib/server/errors";
import type { Gateway, Priority, ReadSpec } from "@/lib/server/gateway/gateway";
import type * as upstream from "@/lib/server/upstream";
import type { CallOptions } from "@/lib/server/upstream";
import { SLOW_OPERATIONS, TTL_MS, keys, normalizeCampaignQuery, normalizePostQuery, tags } from "./keys";
import type { KnownChange, PostView } from "./post-view";
import { decide, type WriteResult } from "./writes";
import { NotFilledError } from "./not-filled";

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
  /** Longest a published post's detail stays fresh on the mirror's word (default 10 min; 6 h before publication). */
  detailValidatedMs?: number;
  /** The campaign mirror's database; default a SQLite database in memory (the app passes its own: lib/server/upstream-service.ts). */
  mirror?: MirrorStore;
  /** This instance's name in the mirror's refresh leases. */
  owner?: string;
  /** How long a person's list read waits for its campaign's refresh before the mirror is answered as it is. */
  needWaitMs?: number;
  /** A mirror older than this is answered marked stale. */
  staleAfterMs?: number;
  /** Every upstream read of the mirror's refresher (tests, the benchmark). */
  onMirrorRead?: (campaignId: number, kind: "fill" | "delta", lane: string) => void;
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

/**
 * A person opening or reloading a page is shown what changed upstream at
 * most this long ago: a copy older than it is always brought up to date
 * first (people's lane); a younger one only when the team's minute is quiet.
 */
export const PROMISED_FRESH_MS = 20_000;

/** How a list read may refresh the mirror it is cut from. */
export type ListNeed = {
  /**
   * A person opened this campaign's page: its mirror is refreshed first when
   * older than this (one `since` read in the interactive lane, waited for at
   * most `needWaitMs`; refused, the mirror is answered with its age).
   */
  maxAgeMs?: number;
  /**
   * "ask": a reader across campaigns (the inbox, the overview). A campaign
   * never filled is not read here, in people's lane, the reader waiting: it
   * is asked of the scheduler, which fills it in the background lane, and
   * the call throws NotFilledError. Default: filled now (a page on that one campaign).
   */
  fill?: "ask";
};

const iso = (ms: number) => new Date(ms).toISOString();

/** The typed, cached, budgeted face of the upstream that route handlers use. */
export function createService(gw: Gateway, api: UpstreamApi, options: ServiceOptions = {}) {
  const ttl = { ...TTL_MS, ...options.ttlMs };
  const campaignOf = new CampaignOfPost();
  const detailValidatedMs = options.detailValidatedMs ?? 600_000;
  const needWaitMs = options.needWaitMs ?? 400;
  const staleAfterMs = options.staleAfterMs ?? 11 * 60_000;
  const store = options.mirror ?? mirrorStoreAt().store;
  /**
   * Campaigns whose refresh a person asked for and did not get: when it failed
   * and when the refusal ends. It marks the mirror stale only until then, and
   * only while no refresh (anyone's, the scheduler's too) has landed since.
   */
  const failing = new Map<number, { at: number; retryAt: number }>();
  /** Campaigns a change of unknown outcome touched: the next read refreshes first. */
  const dirty = new Set<number>();

  const refresher = new Refresher({
    store,
    list: api.listCampaignPosts,
    call: (op, lane, maxWaitMs, fn) => gw.direct(op, lane, "get", fn, maxWaitMs),
    now: () => gw.clock.now(),
    owner: options.owner ?? randomBytes(6).toString("hex"),
    sync: options.sync,
    onChange: mirrorChanged,
    onRead: options.onMirrorRead,
  });

  // What people want refreshed, for the upstream scheduler (lib/server/scheduler): the service runs no loop.
  const scheduler = new Wants(gw.clock, store);
  const activity = () => scheduler.note();

  /**
   * A cached read of one upstream call. The slowly changing ones are kept in
   * the database too (a restart serves them without a read); a reader of an
   * expired one gets it as it is, and the upstream scheduler reads it again
   * within its pace (`Wants.keep`). Only a key never held is read here.
   */
  async function one<T>(op: keyof typeof TTL_MS, key: string, tagList: readonly string[], p: Priority, fn: (o: CallOptions) => Promise<T>): Read<T> {
    if (p === "interactive") activity();
    if (!SLOW_OPERATIONS.has(op)) return gw.read<T>({ op, key, ttlMs: ttl[op], tags: tagList, priority: p, load: (ctx) => ctx.call(op, fn) });
    // A kept answer served without a read still says which project its campaigns are in (project reports).
    await adopt<T>(key, () => ttl[op], tagList, op === "campaigns" || op === "campaign" ? (value, at) => void store.keepProjectsOf(value, at).catch(() => undefined) : undefined);
    const expired = gw.expired<T>(key);
    if (expired) {
      scheduler.keep(key);
      return gw.held(op, key, expired);
    }
    return gw.read<T>(keptSpec(op, key, tagList, p, fn));
  }

  /** A slowly changing read: stored in the database for every instance, and campaigns' projects noted. */
  function keptSpec<T>(op: keyof typeof TTL_MS, key: string, tagList: readonly string[], priority: Priority, fn: (o: CallOptions) => Promise<T>): ReadSpec<T> {
    return {
      op,
      key,
      ttlMs: ttl[op],
      tags: tagList,
      priority,
      load: async (ctx) => {
        const value = await ctx.call(op, fn);
        void store.keepSnapshot(key, value, gw.clock.now()).catch(() => undefined);
        if (op === "campaigns" || op === "campaign") void store.keepProjectsOf(value, gw.clock.now()).catch(() => undefined);
        return value;
      },
    };
  }

  /** The read behind a kept answer's key (the scheduler has only the key, maybe from another instance). */
  function keptRead(key: string): { op: keyof typeof TTL_MS; tags: readonly string[]; fn: (o: CallOptions) => Promise<unknown> } | undefined {
    if (key === keys.account()) return { op: "account", tags: tags.account(), fn: api.getAccount };
    if (key === keys.projects()) return { op: "projects", tags: tags.projects(), fn: api.listProjects };
    const id = (re: RegExp) => {
      const m = re.exec(key);
      return m ? Number(m[1]) : undefined;
    };
    const project = id(/^project:(\d{1,15})$/);
    if (project !== undefined) return { op: "project", tags: tags.project(project), fn: (o) => api.getProject(project, o) };
    const channels = id(/^project:(\d{1,15}):channels$/);
    if (channels !== undefined) return { op: "projectChannels", tags: tags.project(channels), fn: (o) => api.listProjectChannels(channels, o) };
    const campaign = id(/^campaign:(\d{1,15})$/);
    if (campaign !== undefined) return { op: "campaign", tags: tags.campaignDetail(campaign), fn: (o) => api.getCampaign(campaign, o) };
    const list = /^campaigns\?project_id=(\d{0,15})&status=([A-Z_,]*)$/.exec(key);
    if (list) {
      const q = { ...(list[1] ? { project_id: Number(list[1]) } : {}), status: (list[2] ?? "").split(",").filter(Boolean) } as CampaignListQuery;
      // Only a key this service itself would write: the same query spelled the same way.
      if (keys.campaigns(q) === key) return { op: "campaigns", tags: tags.campaigns(), fn: (o) => api.listCampaigns(normalizeCampaignQuery(q), o) };
    }
    return undefined;
  }

  /**
   * A wanted kept answer read again, for the scheduler (the background lane,
   * or people's when the scheduler found their minute spare), joined with a
   * read under way. False when the key names no kept answer (nothing to
   * read); a refusal or failure is thrown.
   */
  async function refreshKept(key: string, lane: Priority = "background"): Promise<boolean> {
    const r = keptRead(key);
    if (!r) return false;
    await gw.reload(keptSpec(r.op, key, r.tags, lane, r.fn));
    return true;
  }

  /**
   * The database's copy of a key brought into this instance's memory when it
   * is newer than what memory holds: the database is what every instance (and
   * this one after a restart) shares, so one read serves them all. A copy
   * written as null was withdrawn (a decision changed the post).
   */
  async function adopt<T>(key: string, ttlOf: (value: T) => number, tagList: readonly string[], onKept?: (value: T, fetchedAt: number) => void): Promise<void> {
    const held = gw.peek<T>(key);
    if (held && !wasInvalidated(held) && gw.clock.now() < held.freshUntil) return;
    const kept = await store.snapshot<T | null>(key).catch(() => undefined);
    if (!kept || kept.value === null) return;
    gw.seed(key, kept.value, kept.fetchedAt, ttlOf(kept.value), tagList);
    onKept?.(kept.value, kept.fetchedAt);
  }

  /**
   * Whether the mirror (refreshed by any instance) has seen the post change
   * since this detail was read: a newer `updated_at`, or the same one with
   * another status (a decision's answer taken into the mirror). A mirror
   * older than the detail says nothing.
   */
  async function mirrorMoved(detail: PostDetail): Promise<boolean> {
    const cid = await store.campaignOf(detail.task_id).catch(() => undefined);
    if (cid === undefined) return false;
    const row = (await store.read(cid).catch(() => undefined))?.posts.find((p) => p.task_id === detail.task_id);
    if (!row) return false;
    const seen = row.updated_at ? Date.parse(row.updated_at) : -Infinity;
    const held = detail.updated_at ? Date.parse(detail.updated_at) : -Infinity;
    return seen > held || (seen === held && row.status !== detail.status);
  }

  /**
   * A post's detail from the database while it is within `validatedFor` and
   * the mirror shows no change; else one read, stored for every instance.
   */
  async function post(id: number, p: Priority = "interactive"): Read<PostDetail> {
    if (p === "interactive") activity();
    const key = keys.post(id);
    // Memory first, then the database: another instance may have read the post since the change. A
    // copy is fresh as long as the instance that read it keeps it (`extend` below): the mirror vouches.
    for (let look = 0; look < 2; look++) {
      await adopt<PostDetail>(key, validatedFor, tags.post(id));
      const held = gw.peek<PostDetail>(key);
      if (!held || gw.clock.now() >= held.freshUntil || !(await mirrorMoved(held.value))) break;
      gw.invalidate(tags.post(id)[0] as string, "expire");
    }
    const r = await gw.read<PostDetail>({
      op: "post",
      key,
      ttlMs: ttl.post,
      tags: tags.post(id),
      priority: p,
      load: async (ctx) => {
        const value = await ctx.call("post", (o) => api.getPost(id, o));
        await store.keepSnapshot(key, value, gw.clock.now()).catch(() => undefined);
        return value;
      },
    });
    campaignOf.remember([r.data]);
    if (!r.meta.stale) gw.extend(key, Date.parse(r.meta.fetchedAt) + validatedFor(r.data));
    return r;
  }

  /**
   * What a refresh changed: details of posts whose `updated_at` or status
   * moved are dropped (read again when next asked), and open pages are told.
   */
  function mirrorChanged(c: RefreshChange): void {
    const before = new Map((c.before ?? []).map((p) => [p.task_id, p]));
    campaignOf.remember(c.changed);
    for (const p of c.changed) {
      const old = before.get(p.task_id);
      if (!old || old.updated_at !== p.updated_at || old.status !== p.status) gw.invalidate(tags.post(p.task_id)[0] as string);
    }
    if (!c.before) return;
    const view = (posts: readonly Post[]): PostView => ({
      campaignId: c.campaignId,
      posts: [...posts],
    });
    const prev = view(c.before);
    const after = new Map(c.before.map((p) => [p.task_id, p]));
    for (const p of c.changed) after.set(p.task_id, p);
    publishRefreshChanges({ ...prev, cursorMs: newestUpdate(c.before) }, view([...after.values()]), c.changed);
  }

  async function refreshNow(id: number, lane: "interactive" | "fresh" | "background", waitMs?: number): Promise<void> {
    try {
      await refresher.refresh(id, lane, waitMs);
      failing.delete(id);
      dirty.delete(id);
    } catch (e) {
      // A catch-up in the background lane that is refused changes nothing a person sees: the mirror's
      // age says how old it is, and the scheduler keeps trying (its lane may wait far longer than people's).
      // Nor does a fresh read our own pacing declined; one the upstream refused (a 429 pause) or failed does.
      const at = gw.clock.now();
      const upstreamSaidNo = !(e instanceof BudgetExhaustedError) || (gw.budget.pausedUntilMs ?? 0) > at;
      if (lane === "background" || (lane === "fresh" && !upstreamSaidNo)) throw e;
      failing.set(id, { at, retryAt: at + (e instanceof BudgetExhaustedError ? e.retryAfterSeconds * 1000 : 15_000) });
      throw e;
    }
  }

  /** The refusal that still marks this mirror stale, if any: none once it ended or a refresh landed after it. */
  function failureOf(m: Mirrored, now: number): { at: number; retryAt: number } | undefined {
    const f = failing.get(m.sync.campaignId);
    if (!f) return undefined;
    if (now >= f.retryAt || m.sync.fetchedAt >= f.at) {
      failing.delete(m.sync.campaignId);
      return undefined;
    }
    return f;
  }

  /** The campaign's mirror, filled first when never seen; another instance filling it is waited for a little. */
  async function mirrored(id: number, p: Priority, need: ListNeed = {}): Promise<Mirrored> {
    if (p === "interactive") activity();
    let m = await store.read(id);
    if (!m && need.fill === "ask") {
      scheduler.wake();
      throw new NotFilledError(id);
    }
    // Never seen: filled now, the reader waiting (a refusal is the one answer that may say "later").
    for (let i = 0; !m && i < 20; i++) {
      if ((await refresher.refresh(id, p)) === "held") await gw.clock.sleep(250);
      m = await store.read(id);
    }
    if (!m) throw new BudgetExhaustedError(5);
    const now = gw.clock.now();
    const age = now - m.sync.fetchedAt;
    const wanted = dirty.has(id) ? 0 : need.maxAgeMs;
    if (wanted !== undefined && age > wanted) {
      // A change of unknown outcome, or a page's copy older than the promise, must be brought up to date:
      // people's lane, a short wait. Younger, a page that merely likes its campaign to the second asks
      // the fresh lane, which never waits and gives way once the team's minute is busy: then the mirror
      // is answered as it is, with its age.
      const promised = dirty.has(id) || age > PROMISED_FRESH_MS;
      const refresh = promised ? refreshNow(id, "interactive", p === "interactive" ? 300 : 0) : refreshNow(id, "fresh", 0);
      const done = await Promise.race([refresh.then(() => true, () => false), gw.clock.sleep(needWaitMs).then(() => false)]);
      if (done) m = (await store.read(id)) ?? m;
    }
    // Reads across campaigns (overview, calendar) take the mirror as it is: the scheduler owns background reads.
    return m;
  }

  function metaOf(m: Mirrored): DataMeta {
    const now = gw.clock.now();
    const retry = failureOf(m, now)?.retryAt;
    const stale = retry !== undefined || now - m.sync.fetchedAt > staleAfterMs;
    return {
      stale,
      fetchedAt: iso(m.sync.fetchedAt),
      ...(stale ? { retryAt: iso(Math.max(now, retry ?? now + 15_000)) } : {}),
    };
  }

  /**
   * How long a detail may live on the mirror's word: it is dropped when the
   * mirror shows its `updated_at` or status moved; media links must not get
   * near their expiry; a published post's engagement moves on its own.
   */
  function validatedFor(post: PostDetail): number {
    const base = ENGAGEMENT_STATUSES.has(post.status) ? detailValidatedMs : 6 * 3_600_000;
    return post.media ? Math.min(base, (post.media.expires_in * 1000) / 2) : base;
  }

  async function postFresh(id: number, lane: "interactive" | "confirm" | "background" = "interactive"): Promise<PostDetail> {
    const post = await gw.direct("post", lane, "get", (o) => api.getPost(id, o));
    gw.store(keys.post(id), post, validatedFor(post), tags.post(id));
    await store.keepSnapshot(keys.post(id), post, gw.clock.now()).catch(() => undefined);
    campaignOf.remember([post]);
    return post;
  }

  /**
   * A post changed: its detail is dropped. When the change is `known` (a
   * decision's answer, a notification's post) the mirror takes it at no
   * upstream cost and every list and count shows it at once; otherwise its
   * campaign is refreshed before its next list is answered.
   */
  async function invalidatePost(taskId: number, campaignId?: number, known?: KnownChange): Promise<void> {
    gw.invalidate(`post:${taskId}`);
    // Withdrawn from the database too, so no instance serves the detail from before the change.
    await store.keepSnapshot(keys.post(taskId), null, gw.clock.now()).catch(() => undefined);
    const cid = campaignId ?? ("post" in (known ?? {}) ? (known as { post: Post }).post.campaign_id : undefined) ?? campaignOf.get(taskId) ?? (await store.campaignOf(taskId).catch(() => undefined));
    if (cid === undefined) return;
    gw.invalidate(tags.campaignEngagement(cid)[0] as string);
    try {
      const now = gw.clock.now();
      if (known && "post" in known) {
        await store.upsert(cid, [known.post], { at: now });
        scheduler.soon(cid);
        return;
      }
      const held = known ? (await store.read(cid))?.posts.find((p) => p.task_id === taskId) : undefined;
      if (held && known) {
        await store.upsert(cid, [{ ...held, status: known.status }], { at: now });
        return;
      }
    } catch {
      // The mirror could not take it: refreshed before it is shown again.
    }
    dirty.add(cid);
    scheduler.soon(cid);
  }

  const write = (action: "approve" | "reject") => (id: number, campaignId?: number): Promise<WriteResult> =>
    decide(action, id, {
      gateway: gw,
      send: action === "approve" ? api.approvePost : api.rejectPost,
      reread: (taskId) => postFresh(taskId, "confirm"),
      invalidate: (taskId, status) => invalidatePost(taskId, campaignId, status === undefined ? undefined : { status }),
    });

  async function campaign(id: number, p: Priority = "interactive"): Read<CampaignDetail> {
    const r = await one("campaign", keys.campaign(id), tags.campaignDetail(id), p, (o) => api.getCampaign(id, o));
    // Its counts from the mirror when filled: current after every decision, at no read.
    const m = await store.read(id).catch(() => undefined);
    return m ? { ...r, data: { ...r.data, stats: statsOf(m.posts) } } : r;
  }

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
    campaign,
    /** The campaign detail's schedules: one read serves both. */
    async campaignSchedules(id: number, p: Priority = "interactive"): Read<{ schedules: Schedule[] }> {
      const r = await campaign(id, p);
      return { data: { schedules: r.data.schedules }, meta: r.meta };
    },
    /** A page of the campaign's posts, cut from its mirror (see ListNeed for when that reads the upstream). */
    async campaignPosts(id: number, q: PostListQuery, p: Priority = "interactive", need?: ListNeed): Read<PostList> {
      const m = await mirrored(id, p, need);
      return { data: pageOf(id, m.sync.campaignName, m.posts, normalizePostQuery(q)), meta: metaOf(m) };
    },
    /** Every post of the campaign in the mirror (calendar, analytics), with its age. */
    async campaignMirror(id: number, p: Priority = "interactive", need?: ListNeed): Promise<{ posts: readonly Post[]; meta: DataMeta; name: string }> {
      const m = await mirrored(id, p, need);
      return { posts: m.posts, meta: metaOf(m), name: m.sync.campaignName };
    },
    async latestPost(id: number, p: Priority = "interactive"): Read<Post> {
      const m = await mirrored(id, p);
      const latest = latestOf(m.posts);
      if (!latest) throw new UpstreamHttpError(404, "no_posts", say(text("decisions.noPublishedPosts")), `campaigns/${id}/posts/latest`);
      return { data: latest, meta: metaOf(m) };
    },
    campaignEngagement: (id: number, q: CampaignEngagementQuery, p: Priority = "interactive"): Read<CampaignEngagement> =>
      one("campaignEngagement", keys.campaignEngagement(id, q), tags.campaignEngagement(id), p, (o) => api.getCampaignEngagement(id, q, o)),
    post,
    postEngagement: (id: number, p: Priority = "interactive"): Read<PostEngagement> =>
      one("postEngagement", keys.postEngagement(id), tags.postEngagement(id), p, (o) => api.getPostEngagement(id, o)),
    postEngagementHistory: (id: number, q: EngagementHistoryQuery, p: Priority = "interactive"): Read<EngagementHistory> =>
      one("postEngagementHistory", keys.postEngagementHistory(id, q), tags.postEngagement(id), p, (o) =>
        api.getPostEngagementHistory(id, q, o),
      ),
    approve: write("approve"),
    reject: write("reject"),
    /** A read the cache must not answer; "confirm" for the read a decision stands on (it may use the write reserve). */
    postFresh: (id: number, lane: "interactive" | "confirm" | "background" = "interactive"): Promise<PostDetail> => postFresh(id, lane),
    /** Drop cached entries of a post and bring its campaign's mirror up to date (webhook notifications use this). */
    invalidatePost,
    /** The mirror's refresher and what people want of the scheduler (the scheduler, the health screen, tests, the benchmark). */
    mirror: { store, refresher, scheduler, failing: (id: number) => failing.get(id)?.retryAt, refreshKept },
  };
}

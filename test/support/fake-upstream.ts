import type { ApprovalResult, CampaignDetail, Post, PostDetail, PostList, PostListQuery } from "@/lib/schemas";
import { UpstreamHttpError } from "@/lib/server/upstream/errors";
import type { Clock } from "@/lib/server/gateway/clock";
import type { UpstreamApi } from "@/lib/server/service/service";

/**
 * An in-memory upstream for unit tests and the benchmark: one campaign's
 * posts with the list's filters, `since`, sort and paging; approve and reject;
 * a log of every call (operation and time) and a way to make the next calls fail.
 */
export type FakeCall = { op: string; at: number; query?: PostListQuery };

type Failure = { op: string; error: () => unknown; times: number };

const iso = (ms: number) => new Date(ms).toISOString();

export class FakeUpstream {
  readonly calls: FakeCall[] = [];
  readonly posts = new Map<number, Post>();
  private failures: Failure[] = [];
  /** Resolves each call after this many ms of the clock (0 = at once). */
  latencyMs = 0;

  constructor(
    private readonly clock: Clock,
    readonly campaignId = 7,
    postCount = 30,
  ) {
    const start = clock.now() - 86_400_000;
    for (let i = 1; i <= postCount; i++) {
      this.posts.set(i, {
        task_id: i,
        campaign_id: campaignId,
        campaign_name: "Кофейня",
        text: `Пост ${i}`,
        status: i % 3 === 0 ? "PUBLISHED" : "WAITING_APPROVAL",
        post_type: "TEXT",
        published_at: iso(start + i * 60_000),
        created_at: iso(start + i * 1000),
        updated_at: iso(start + i * 1000),
        media: null,
      });
    }
  }

  count(op?: string): number {
    return op ? this.calls.filter((c) => c.op === op).length : this.calls.length;
  }

  /** The next `times` calls of `op` ("*" = any) throw what `error` returns. */
  failNext(op: string, error: () => unknown, times = 1): void {
    this.failures.push({ op, error, times });
  }

  /** Changes a post as if someone acted on it elsewhere. */
  setStatus(id: number, status: string): void {
    const p = this.posts.get(id);
    if (!p) throw new Error(`no post ${id}`);
    this.posts.set(id, { ...p, status, updated_at: iso(this.clock.now()) });
  }

  addPost(status = "WAITING_APPROVAL"): Post {
    const id = Math.max(0, ...this.posts.keys()) + 1;
    const now = this.clock.now();
    const post: Post = {
      task_id: id,
      campaign_id: this.campaignId,
      campaign_name: "Кофейня",
      text: `Пост ${id}`,
      status,
      post_type: "TEXT",
      published_at: iso(now + 3_600_000),
      created_at: iso(now),
      updated_at: iso(now),
      media: null,
    };
    this.posts.set(id, post);
    return post;
  }

  private async enter(op: string, query?: PostListQuery): Promise<void> {
    this.calls.push({ op, at: this.clock.now(), ...(query ? { query } : {}) });
    if (this.latencyMs > 0) await this.clock.sleep(this.latencyMs);
    const f = this.failures.find((x) => x.op === op || x.op === "*");
    if (f) {
      f.times--;
      if (f.times <= 0) this.failures = this.failures.filter((x) => x !== f);
      throw f.error();
    }
  }

  private detail(id: number, path: string): PostDetail {
    const p = this.posts.get(id);
    if (!p) throw new UpstreamHttpError(404, "not_found", "Пост не найден", path);
    return { ...p, generate_at: null, versions: [], publish_records: [], engagement: {} };
  }

  list(q: PostListQuery): PostList {
    const statuses = q.status?.length ? (q.status as string[]) : [...new Set([...this.posts.values()].map((p) => p.status))].filter((s) => s !== "CANCELED");
    const since = q.since ? Date.parse(q.since) : undefined;
    const field = (q.sort ?? "-publish_at").endsWith("publish_at") ? "published_at" : "created_at";
    const desc = (q.sort ?? "-publish_at").startsWith("-");
    const matching = [...this.posts.values()]
      .filter((p) => statuses.includes(p.status))
      .filter((p) => since === undefined || (p.updated_at !== null && Date.parse(p.updated_at) > since))
      .sort((a, b) => {
        const d = Date.parse(a[field] ?? "") - Date.parse(b[field] ?? "") || a.task_id - b.task_id;
        return desc ? -d : d;
      });
    const limit = q.limit ?? 20;
    const offset = q.offset ?? 0;
    return { campaign_id: this.campaignId, campaign_name: "Кофейня", total: matching.length, limit, offset, posts: matching.slice(offset, offset + limit) };
  }

  private decide(id: number, action: "approve" | "reject"): ApprovalResult {
    const p = this.detail(id, `posts/${id}/${action}`);
    if (action === "approve") {
      if (p.status === "APPROVED") return { task_id: id, status: "APPROVED", result: "already_approved", message: "Уже одобрен" };
      if (p.status !== "WAITING_APPROVAL") throw new UpstreamHttpError(409, "conflict", "Нельзя одобрить", `posts/${id}/approve`);
      this.setStatus(id, "APPROVED");
      return { task_id: id, status: "APPROVED", result: "approved_now", message: "Пост одобрен" };
    }
    this.setStatus(id, "CANCELED");
    return { task_id: id, status: "CANCELED", result: "rejected_now", message: "Пост отклонён" };
  }

  /** The campaign with its counts taken from the posts (the rest is fixed). */
  campaign(id: number): CampaignDetail {
    const posts = [...this.posts.values()];
    const of = (status: string) => posts.filter((p) => p.status === status).length;
    return {
      id,
      name: "Кофейня",
      project_id: 1,
      project_name: "Проект",
      status: "ACTIVE",
      campaign_type: "REGULAR",
      approval_mode: "MANUAL",
      post_length_format: "SHORT",
      generate_images: false,
      start_date: "2025-01-01",
      end_date: null,
      created_at: "2025-01-01T00:00:00Z",
      channels: [],
      schedules: [],
      stats: { total: posts.length, published: of("PUBLISHED"), waiting_approval: of("WAITING_APPROVAL"), scheduled: of("SCHEDULED"), failed: of("FAILED") },
    };
  }

  /** The client functions the service needs; only posts and the campaign's counts are modelled, the rest answer minimal data. */
  api(): UpstreamApi {
    const notModelled = (op: string) => async (): Promise<never> => {
      await this.enter(op);
      throw new Error(`${op} is not modelled by FakeUpstream`);
    };
    return {
      getAccount: notModelled("getAccount"),
      listProjects: async () => (await this.enter("listProjects"), { projects: [] }),
      getProject: notModelled("getProject"),
      listProjectChannels: async () => (await this.enter("listProjectChannels"), { channels: [] }),
      listCampaigns: async () => (await this.enter("listCampaigns"), { campaigns: [] }),
      getCampaign: async (id) => (await this.enter("getCampaign"), this.campaign(id)),
      listCampaignSchedules: async () => (await this.enter("listCampaignSchedules"), { schedules: [] }),
      listCampaignPosts: async (_id, q = {}) => (await this.enter("listCampaignPosts", q), this.list(q)),
      getLatestPost: notModelled("getLatestPost"),
      getCampaignEngagement: async (id) => (await this.enter("getCampaignEngagement"), { campaign_id: id, posts_count: 0, aggregated: {} }),
      getPost: async (id) => (await this.enter("getPost"), this.detail(id, `posts/${id}/`)),
      approvePost: async (id) => (await this.enter("approvePost"), this.decide(id, "approve")),
      rejectPost: async (id) => (await this.enter("rejectPost"), this.decide(id, "reject")),
      getPostEngagement: async (id) => (await this.enter("getPostEngagement"), { task_id: id, metrics: [] }),
      getPostEngagementHistory: async (id, q) => (await this.enter("getPostEngagementHistory"), { task_id: id, metric_type: q.metric_type, datapoints: [] }),
    };
  }
}

import type { CampaignListItem, Post, PostList, PostListQuery } from "@/lib/schemas";
import type { Clock } from "@/lib/server/gateway/clock";
import type { UpstreamApi } from "@/lib/server/service/service";

/**
 * An in-memory upstream of many campaigns for the scheduler's tests: the
 * campaigns list and each campaign's posts list (status filter, `since`,
 * sort, paging), with a log of every call. Everything else is not modelled.
 */
export type CampaignCall = { op: "listCampaigns" | "listCampaignPosts"; at: number; campaignId?: number };

const iso = (ms: number) => new Date(ms).toISOString();

export class FakeCampaigns {
  readonly calls: CampaignCall[] = [];
  readonly campaigns: CampaignListItem[] = [];
  readonly posts = new Map<number, Post>();
  private nextId = 1;

  constructor(private readonly clock: Clock) {}

  addCampaign(id: number, o: { status?: string; projectId?: number } = {}): void {
    this.campaigns.push({
      id,
      name: `Кампания ${id}`,
      project_id: o.projectId ?? 1,
      project_name: "Проект",
      status: o.status ?? "ACTIVE",
      campaign_type: "REGULAR",
      approval_mode: "MANUAL",
      post_length_format: "MEDIUM",
      generate_images: false,
      start_date: "2025-01-01",
      end_date: null,
      created_at: "2025-01-01T00:00:00+03:00",
    });
  }

  /** A post planned `plannedInMs` from now (null: no time). */
  addPost(campaignId: number, plannedInMs: number | null, status = "WAITING_APPROVAL", type = "TEXT"): Post {
    const now = this.clock.now();
    const post: Post = {
      task_id: this.nextId++,
      campaign_id: campaignId,
      campaign_name: `Кампания ${campaignId}`,
      text: `Пост ${this.nextId}`,
      status,
      post_type: type,
      published_at: plannedInMs === null ? null : iso(now + plannedInMs),
      created_at: iso(now - 1000),
      updated_at: iso(now),
      media: null,
    };
    this.posts.set(post.task_id, post);
    return post;
  }

  /** A change made elsewhere; returns the post as a notification would carry it. */
  setStatus(taskId: number, status: string): Post {
    const p = this.posts.get(taskId);
    if (!p) throw new Error(`no post ${taskId}`);
    const next = { ...p, status, updated_at: iso(this.clock.now()) };
    this.posts.set(taskId, next);
    return next;
  }

  count(op?: CampaignCall["op"], campaignId?: number, from = -Infinity, to = Infinity): number {
    return this.calls.filter((c) => (!op || c.op === op) && (campaignId === undefined || c.campaignId === campaignId) && c.at >= from && c.at <= to).length;
  }

  /** Times of the posts-list calls for one campaign. */
  listTimes(campaignId: number): number[] {
    return this.calls.filter((c) => c.op === "listCampaignPosts" && c.campaignId === campaignId).map((c) => c.at);
  }

  private list(id: number, q: PostListQuery): PostList {
    const statuses = q.status?.length ? (q.status as string[]) : ["WAITING_APPROVAL", "APPROVED", "SCHEDULED", "PUBLISHED"];
    const since = q.since ? Date.parse(q.since) : undefined;
    const desc = (q.sort ?? "-publish_at").startsWith("-");
    const key = (p: Post) => Date.parse(p.published_at ?? "") || Infinity;
    const matching = [...this.posts.values()]
      .filter((p) => p.campaign_id === id && statuses.includes(p.status))
      .filter((p) => since === undefined || (p.updated_at !== null && Date.parse(p.updated_at) > since))
      .sort((a, b) => (desc ? -1 : 1) * (key(a) - key(b) || a.task_id - b.task_id));
    const limit = q.limit ?? 20;
    const offset = q.offset ?? 0;
    return { campaign_id: id, campaign_name: `Кампания ${id}`, total: matching.length, limit, offset, posts: matching.slice(offset, offset + limit) };
  }

  api(): UpstreamApi {
    const no = (op: string) => async (): Promise<never> => {
      throw new Error(`${op} is not modelled by FakeCampaigns`);
    };
    return {
      getAccount: no("getAccount"),
      listProjects: no("listProjects"),
      getProject: no("getProject"),
      listProjectChannels: no("listProjectChannels"),
      listCampaigns: async (q = {}) => {
        this.calls.push({ op: "listCampaigns", at: this.clock.now() });
        const status = (q.status as string[] | undefined) ?? ["ACTIVE", "FROZEN"];
        return { campaigns: this.campaigns.filter((c) => status.includes(c.status)) };
      },
      getCampaign: no("getCampaign"),
      listCampaignSchedules: no("listCampaignSchedules"),
      listCampaignPosts: async (id, q = {}) => {
        this.calls.push({ op: "listCampaignPosts", at: this.clock.now(), campaignId: id });
        return this.list(id, q);
      },
      getLatestPost: no("getLatestPost"),
      getCampaignEngagement: no("getCampaignEngagement"),
      getPost: no("getPost"),
      approvePost: no("approvePost"),
      rejectPost: no("rejectPost"),
      getPostEngagement: no("getPostEngagement"),
      getPostEngagementHistory: no("getPostEngagementHistory"),
    };
  }
}

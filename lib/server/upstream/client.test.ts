import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startSimulator } from "@/simulator/server";
import type { PostStatus } from "@/lib/schemas";
import * as upstream from "./index";
import { UpstreamContractError, UpstreamHttpError, UpstreamUnavailableError } from "./errors";

// The typed client against the real simulator over HTTP: every operation of
// section 4, every row of section 7's error table, the state rules,
// pagination and `since`.
let sim: Awaited<ReturnType<typeof startSimulator>>;
const useKey = (apiKey: string, timeoutMs = 5000) => upstream.setUpstreamConfigForTests({ baseUrl: sim.url, apiKey, timeoutMs });

async function admin(path: string, body?: unknown): Promise<Response> {
  return fetch(`${sim.url}/__admin/${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function httpError(p: Promise<unknown>): Promise<UpstreamHttpError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(UpstreamHttpError);
  return e as UpstreamHttpError;
}

beforeAll(async () => {
  sim = await startSimulator({ port: 0, limits: false, timeScale: 0, admin: true });
});
afterAll(async () => {
  upstream.setUpstreamConfigForTests(undefined);
  await sim.close();
});
beforeEach(async () => {
  await admin("faults", { latency_ms: 0, error_rate: 0, malformed_rate: 0, down: false });
  useKey("demo-key");
});

async function activeCampaignWith(status: PostStatus): Promise<number> {
  const { campaigns } = await upstream.listCampaigns({ status: ["ACTIVE"] });
  for (const c of campaigns) {
    const list = await upstream.listCampaignPosts(c.id, { status: [status], limit: 1 });
    if (list.total > 0) return c.id;
  }
  throw new Error(`no active campaign has a ${status} post`);
}

describe("read operations", () => {
  it("account, projects, project, channels", async () => {
    const account = await upstream.getAccount();
    expect(typeof account.plan.name).toBe("string");
    expect(account.quota.posts.used).toBeGreaterThanOrEqual(0);
    const { projects } = await upstream.listProjects();
    expect(projects.length).toBeGreaterThanOrEqual(3);
    expect(projects.every((p) => p.is_active)).toBe(true);
    const project = await upstream.getProject(projects[0]!.id);
    expect(typeof project.niche_description).toBe("string");
    const { channels } = await upstream.listProjectChannels(projects[0]!.id);
    expect(channels.length).toBeGreaterThan(0);
  });

  it("campaigns with the default filter, by status and project, detail, schedules", async () => {
    const { campaigns } = await upstream.listCampaigns();
    expect(campaigns.length).toBeGreaterThan(0);
    expect(new Set(campaigns.map((c) => c.status))).toEqual(new Set(["ACTIVE", "FROZEN"]));
    const all = await upstream.listCampaigns({ status: ["DRAFT", "ACTIVE", "FROZEN", "COMPLETED"] });
    expect(all.campaigns.length).toBeGreaterThanOrEqual(8);
    const projectId = all.campaigns[0]!.project_id;
    const byProject = await upstream.listCampaigns({ project_id: projectId, status: ["DRAFT", "ACTIVE", "FROZEN", "COMPLETED"] });
    expect(byProject.campaigns.every((c) => c.project_id === projectId)).toBe(true);
    const detail = await upstream.getCampaign(campaigns[0]!.id);
    expect(detail.stats.total).toBeGreaterThanOrEqual(0);
    const { schedules } = await upstream.listCampaignSchedules(campaigns[0]!.id);
    expect(Array.isArray(schedules)).toBe(true);
  });

  it("posts, latest, detail, engagement and history newest first", async () => {
    const campaignId = await activeCampaignWith("PUBLISHED");
    const latest = await upstream.getLatestPost(campaignId);
    const detail = await upstream.getPost(latest.task_id);
    expect(detail.versions.filter((v) => v.is_active)).toHaveLength(1);
    expect(detail.text).toBe(detail.versions.find((v) => v.is_active)!.text_content);
    // The latest post may be too fresh to have been measured: take the oldest published one.
    const oldest = (await upstream.listCampaignPosts(campaignId, { status: ["PUBLISHED"], sort: "publish_at", limit: 1 })).posts[0]!;
    const engagement = await upstream.getPostEngagement(oldest.task_id);
    expect(engagement.metrics.length).toBeGreaterThan(0);
    const history = await upstream.getPostEngagementHistory(oldest.task_id, { metric_type: "VIEWS", limit: 200 });
    expect(history.datapoints.length).toBeGreaterThanOrEqual(50);
    const times = history.datapoints.map((d) => Date.parse(d.collected_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const totals = await upstream.getCampaignEngagement(campaignId, { since: "2020-01-01T00:00:00+03:00" });
    expect(totals.campaign_id).toBe(campaignId);
  });
});

describe("lists", () => {
  it("leave out CANCELED by default and count total independently of limit and offset", async () => {
    const campaignId = await activeCampaignWith("WAITING_APPROVAL");
    const first = await upstream.listCampaignPosts(campaignId, { limit: 7, sort: "created_at" });
    expect(first.posts.some((p) => p.status === "CANCELED")).toBe(false);
    const ids: number[] = [];
    for (let offset = 0; offset < first.total; offset += 7) {
      const page = await upstream.listCampaignPosts(campaignId, { limit: 7, offset, sort: "created_at" });
      expect(page.total).toBe(first.total);
      ids.push(...page.posts.map((p) => p.task_id));
    }
    expect(ids).toHaveLength(first.total);
    expect(new Set(ids).size).toBe(first.total);
  });

  it("keep a +03:00 offset in since and return only posts updated after it", async () => {
    const campaignId = await activeCampaignWith("WAITING_APPROVAL");
    const all = await upstream.listCampaignPosts(campaignId, { limit: 100, sort: "-created_at" });
    const times = all.posts.map((p) => Date.parse(p.updated_at ?? p.created_at)).sort((a, b) => a - b);
    const middle = times[Math.floor(times.length / 2)]!;
    const moscow = new Date(middle + 3 * 3600_000).toISOString().replace("Z", "+03:00").replace(/\.\d{3}/, "");
    const since = await upstream.listCampaignPosts(campaignId, { since: moscow, limit: 100 });
    const cut = Date.parse(moscow);
    expect(since.posts.length).toBeGreaterThan(0);
    expect(since.posts.every((p) => Date.parse(p.updated_at ?? p.created_at) > cut)).toBe(true);
    expect(since.total).toBeLessThan(all.total);
  });
});

describe("state rules", () => {
  it("approve is idempotent, approve of a published post conflicts, reject cancels", async () => {
    const campaignId = await activeCampaignWith("WAITING_APPROVAL");
    const waiting = await upstream.listCampaignPosts(campaignId, { status: ["WAITING_APPROVAL"], limit: 2 });
    const [a, b] = waiting.posts;
    const first = await upstream.approvePost(a!.task_id);
    expect(first).toMatchObject({ task_id: a!.task_id, status: "APPROVED", result: "approved_now" });
    const again = await upstream.approvePost(a!.task_id);
    expect(again).toMatchObject({ status: "APPROVED", result: "already_approved" });
    const rejected = await upstream.rejectPost(b!.task_id);
    expect(rejected).toMatchObject({ status: "CANCELED", result: "rejected_now" });
    expect(rejected.message).toMatch(/[А-Яа-я]/);

    const published = await upstream.getLatestPost(await activeCampaignWith("PUBLISHED"));
    const conflict = await httpError(upstream.approvePost(published.task_id));
    expect(conflict.status).toBe(409);
    expect(conflict.code).toBe("conflict");
    expect(conflict.upstreamMessage).toMatch(/[А-Яа-я]/);
  });
});

describe("section 7 errors", () => {
  it("400 validation_error names the parameter", async () => {
    const campaignId = await activeCampaignWith("WAITING_APPROVAL");
    // Bypass our own validation to see the upstream's: an out-of-range limit.
    const e = await httpError(upstream.listCampaignPosts(campaignId, { limit: 500 }));
    expect(e.status).toBe(400);
    expect(e.code).toBe("validation_error");
    expect(e.upstreamMessage).toContain("limit");
  });

  it("401 for a wrong key, 403 feature_unavailable and subscription_inactive", async () => {
    useKey("wrong-key");
    expect((await httpError(upstream.getAccount())).status).toBe(401);
    useKey("demo-key-no-api");
    expect(await httpError(upstream.getAccount())).toMatchObject({ status: 403, code: "feature_unavailable" });
    useKey("demo-key-inactive");
    expect(await httpError(upstream.getAccount())).toMatchObject({ status: 403, code: "subscription_inactive" });
  });

  it("404 not_found and no_posts", async () => {
    expect(await httpError(upstream.getPost(99_999_999))).toMatchObject({ status: 404, code: "not_found" });
    expect(await httpError(upstream.getCampaign(99_999_999))).toMatchObject({ status: 404, code: "not_found" });
    expect(await httpError(upstream.getProject(99_999_999))).toMatchObject({ status: 404, code: "not_found" });
    const { campaigns } = await upstream.listCampaigns({ status: ["DRAFT", "ACTIVE", "FROZEN", "COMPLETED"] });
    let noPosts: UpstreamHttpError | undefined;
    for (const c of campaigns) {
      const r = await upstream.getLatestPost(c.id).catch((e: unknown) => e);
      if (r instanceof UpstreamHttpError) noPosts = r;
    }
    expect(noPosts).toMatchObject({ status: 404, code: "no_posts" });
  });

  it("429 after the read limit, with Retry-After", async () => {
    const limited = await startSimulator({ port: 0, limits: true, timeScale: 0 });
    upstream.setUpstreamConfigForTests({ baseUrl: limited.url, apiKey: "demo-key", timeoutMs: 5000 });
    try {
      let error: UpstreamHttpError | undefined;
      for (let i = 0; i < 61 && !error; i++) {
        await upstream.getAccount().catch((e: unknown) => {
          if (e instanceof UpstreamHttpError) error = e;
        });
      }
      expect(error?.status).toBe(429);
      expect(error?.retryAfterSeconds).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe("failures are typed", () => {
  it("a malformed body is a contract error naming the field", async () => {
    await admin("faults", { malformed: "schema", malformed_rate: 1 });
    const e = await upstream.getAccount().catch((err: unknown) => err);
    expect(e).toBeInstanceOf(UpstreamContractError);
    expect((e as UpstreamContractError).path).toBe("account/");
    expect((e as UpstreamContractError).field).not.toBe("(root)");
    await admin("faults", { malformed: "syntax", malformed_rate: 1 });
    const s = await upstream.getAccount().catch((err: unknown) => err);
    expect(s).toBeInstanceOf(UpstreamContractError);
    expect((s as UpstreamContractError).field).toBe("(body)");
  });

  it("5xx answers keep their status; being down and timeouts are 'unavailable'", async () => {
    await admin("faults", { error_rate: 1 });
    expect((await httpError(upstream.getAccount())).status).toBeGreaterThanOrEqual(500);
    await admin("faults", { error_rate: 0, latency_ms: 500 });
    useKey("demo-key", 100);
    const slow = await upstream.getAccount().catch((e: unknown) => e);
    expect(slow).toMatchObject({ name: "UpstreamUnavailableError", reason: "timeout" });
    await admin("faults", { latency_ms: 0, down: true });
    useKey("demo-key");
    const down = await upstream.getAccount().catch((e: unknown) => e);
    expect(down).toBeInstanceOf(UpstreamUnavailableError);
    expect((down as UpstreamUnavailableError).reason).toBe("network");
  });
});

describe("values outside the listed sets", () => {
  it("are kept, not refused: every operation still parses against an upstream with unfamiliar values", async () => {
    const odd = await startSimulator({ port: 0, limits: false, timeScale: 0, unfamiliar: true });
    upstream.setUpstreamConfigForTests({ baseUrl: odd.url, apiKey: "demo-key", timeoutMs: 5000 });
    try {
      expect((await upstream.getAccount()).plan.tier).toBe("enterprise_plus");
      const { campaigns } = await upstream.listCampaigns({ status: ["DRAFT", "ACTIVE", "FROZEN", "COMPLETED"] });
      expect(campaigns.some((c) => c.status === "ARCHIVED")).toBe(true);
      const detail = await upstream.getCampaign(campaigns[0]!.id);
      expect(detail.schedules.length + detail.channels.length).toBeGreaterThan(0);
      const list = await upstream.listCampaignPosts(campaigns[0]!.id, { limit: 100 });
      expect(list.posts.some((p) => p.status === "ON_HOLD")).toBe(true);
      expect(list.posts.some((p) => p.post_type === "CAROUSEL")).toBe(true);
      // The unfamiliar metric rides next to VIEWS: a post published moments ago (the world follows the
      // wall clock) has no views yet, so the first published post with views is the one to read.
      for (const published of list.posts.filter((p) => p.published_at && p.status === "PUBLISHED")) {
        const post = await upstream.getPost(published.task_id);
        if (!("VIEWS" in post.engagement)) continue;
        expect(Object.keys(post.engagement)).toContain("SAVES");
        const metrics = await upstream.getPostEngagement(published.task_id);
        expect(metrics.metrics.some((m) => m.metric_type === "SAVES")).toBe(metrics.metrics.length > 0);
        break;
      }
    } finally {
      await odd.close();
    }
  });
});

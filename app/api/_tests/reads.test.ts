import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { NextRouteHandler } from "@/lib/server/route";
import { GET as account } from "@/app/api/account/route";
import { GET as projects } from "@/app/api/projects/route";
import { GET as project } from "@/app/api/projects/[id]/route";
import { GET as projectChannels } from "@/app/api/projects/[id]/channels/route";
import { GET as campaigns } from "@/app/api/campaigns/route";
import { GET as campaign } from "@/app/api/campaigns/[id]/route";
import { GET as schedules } from "@/app/api/campaigns/[id]/schedules/route";
import { GET as campaignPosts } from "@/app/api/campaigns/[id]/posts/route";
import { GET as latestPost } from "@/app/api/campaigns/[id]/posts/latest/route";
import { GET as campaignEngagement } from "@/app/api/campaigns/[id]/engagement/route";
import { GET as post } from "@/app/api/posts/[id]/route";
import { GET as postEngagement } from "@/app/api/posts/[id]/engagement/route";
import { GET as postHistory } from "@/app/api/posts/[id]/engagement/history/route";
import { resetServiceForTests, service } from "@/lib/server/upstream-service";
import { admin, call, errorOf, ROLES, startHarness, pointUpstream, type Harness } from "./harness";

type Ids = { projectId: number; campaignId: number; postId: number };
type Route = { name: string; handler: NextRouteHandler; url: (ids: Ids) => string; params: (ids: Ids) => Record<string, string> };

const none = () => ({});
const ROUTES: Route[] = [
  { name: "account", handler: account, url: () => "/api/account", params: none },
  { name: "projects", handler: projects, url: () => "/api/projects", params: none },
  { name: "project", handler: project, url: (i) => `/api/projects/${i.projectId}`, params: (i) => ({ id: String(i.projectId) }) },
  { name: "channels", handler: projectChannels, url: (i) => `/api/projects/${i.projectId}/channels`, params: (i) => ({ id: String(i.projectId) }) },
  { name: "campaigns", handler: campaigns, url: () => "/api/campaigns?status=ACTIVE,FROZEN,DRAFT,COMPLETED", params: none },
  { name: "campaign", handler: campaign, url: (i) => `/api/campaigns/${i.campaignId}`, params: (i) => ({ id: String(i.campaignId) }) },
  { name: "schedules", handler: schedules, url: (i) => `/api/campaigns/${i.campaignId}/schedules`, params: (i) => ({ id: String(i.campaignId) }) },
  { name: "posts", handler: campaignPosts, url: (i) => `/api/campaigns/${i.campaignId}/posts?limit=5`, params: (i) => ({ id: String(i.campaignId) }) },
  { name: "latest", handler: latestPost, url: (i) => `/api/campaigns/${i.campaignId}/posts/latest`, params: (i) => ({ id: String(i.campaignId) }) },
  { name: "campaign engagement", handler: campaignEngagement, url: (i) => `/api/campaigns/${i.campaignId}/engagement`, params: (i) => ({ id: String(i.campaignId) }) },
  { name: "post", handler: post, url: (i) => `/api/posts/${i.postId}`, params: (i) => ({ id: String(i.postId) }) },
  { name: "post engagement", handler: postEngagement, url: (i) => `/api/posts/${i.postId}/engagement`, params: (i) => ({ id: String(i.postId) }) },
  {
    name: "post history",
    handler: postHistory,
    url: (i) => `/api/posts/${i.postId}/engagement/history?metric_type=VIEWS&limit=10`,
    params: (i) => ({ id: String(i.postId) }),
  },
];

let h: Harness;
let ids: Ids;

async function data<T>(res: Response): Promise<T> {
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

beforeAll(async () => {
  h = await startHarness();
  const ps = await data<{ projects: { id: number }[] }>(await call(projects, "/api/projects", { role: "admin" }));
  const cs = await data<{ campaigns: { id: number; project_id: number }[] }>(
    await call(campaigns, "/api/campaigns", { role: "admin" }),
  );
  // A campaign with a published post, so that every route has something to answer.
  for (const c of cs.campaigns) {
    const res = await call(latestPost, `/api/campaigns/${c.id}/posts/latest`, { role: "admin", params: { id: String(c.id) } });
    if (res.status !== 200) continue;
    const latest = ((await res.json()) as { data: { task_id: number } }).data;
    ids = { projectId: c.project_id, campaignId: c.id, postId: latest.task_id };
    break;
  }
  expect(ps.projects.length).toBeGreaterThan(0);
  expect(ids).toBeDefined();
});

afterAll(async () => {
  await h?.close();
});

describe("every GET route", () => {
  for (const r of ROUTES) {
    it(`${r.name}: 401 signed out, 200 DataResponse for every role`, async () => {
      const anon = await call(r.handler, r.url(ids), { params: r.params(ids) });
      expect(anon.status).toBe(401);
      expect(await errorOf(anon)).toMatchObject({ code: "unauthorized" });
      expect(anon.headers.get("x-request-id")).toBeTruthy();

      for (const role of ROLES) {
        const res = await call(r.handler, r.url(ids), { role, params: r.params(ids) });
        expect(res.status, `${r.name} as ${role}`).toBe(200);
        expect(res.headers.get("cache-control")).toBe("private, no-store");
        expect(res.headers.get("x-request-id")).toMatch(/^[\w-]{8,}$/);
        const body = (await res.json()) as { data: unknown; meta: { stale: boolean; fetchedAt: string } };
        expect(body.data).toBeTruthy();
        expect(body.meta.stale).toBe(false);
        expect(res.headers.get("x-data-stale")).toBeNull();
        expect(Number.isNaN(Date.parse(body.meta.fetchedAt))).toBe(false);
      }
    });
  }
});

describe("input validation before any upstream call", () => {
  const cases: [string, NextRouteHandler, string, Record<string, string>, string][] = [
    ["non-numeric id", post, "/api/posts/abc", { id: "abc" }, "id"],
    ["zero id", campaign, "/api/campaigns/0", { id: "0" }, "id"],
    ["limit out of range", campaignPosts, "/api/campaigns/1/posts?limit=0", { id: "1" }, "limit"],
    ["limit above 100", campaignPosts, "/api/campaigns/1/posts?limit=101", { id: "1" }, "limit"],
    ["bad sort", campaignPosts, "/api/campaigns/1/posts?sort=title", { id: "1" }, "sort"],
    ["bad status", campaignPosts, "/api/campaigns/1/posts?status=WAITING_APPROVAL,NOPE", { id: "1" }, "status"],
    ["since without offset", campaignPosts, "/api/campaigns/1/posts?since=2025-01-01T10:00:00", { id: "1" }, "since"],
    ["negative offset", campaignPosts, "/api/campaigns/1/posts?offset=-1", { id: "1" }, "offset"],
    ["unknown list view", campaignPosts, "/api/campaigns/1/posts?view=full", { id: "1" }, "view"],
    ["bad project_id", campaigns, "/api/campaigns?project_id=x", {}, "project_id"],
    ["bad campaign status", campaigns, "/api/campaigns?status=ARCHIVED", {}, "status"],
    ["missing metric_type", postHistory, "/api/posts/1/engagement/history", { id: "1" }, "metric_type"],
    ["history limit above 200", postHistory, "/api/posts/1/engagement/history?metric_type=VIEWS&limit=201", { id: "1" }, "limit"],
    ["engagement since", campaignEngagement, "/api/campaigns/1/engagement?since=yesterday", { id: "1" }, "since"],
  ];
  for (const [name, handler, url, params, param] of cases) {
    it(`${name} → 400 naming ${param}`, async () => {
      const res = await call(handler, url, { role: "reviewer", params });
      expect(res.status).toBe(400);
      const err = await errorOf(res);
      expect(err.code).toBe("validation_error");
      expect(err.message).toContain(`Недопустимый параметр ${param}:`);
    });
  }

  it("ignores unknown query parameters", async () => {
    const res = await call(campaignPosts, `/api/campaigns/${ids.campaignId}/posts?limit=2&utm_source=x&foo=bar`, {
      role: "editor",
      params: { id: String(ids.campaignId) },
    });
    const body = await data<{ limit: number; posts: unknown[] }>(res);
    expect(body.limit).toBe(2);
    expect(body.posts.length).toBeLessThanOrEqual(2);
  });

  it("view=brief: the same page of posts without texts and media", async () => {
    const at = (view: string) =>
      call(campaignPosts, `/api/campaigns/${ids.campaignId}/posts?limit=3${view}`, { role: "editor", params: { id: String(ids.campaignId) } });
    const full = await data<{ total: number; posts: Record<string, unknown>[] }>(await at(""));
    const brief = await data<{ total: number; posts: Record<string, unknown>[] }>(await at("&view=brief"));
    expect(full.posts.length).toBeGreaterThan(0);
    expect(brief.total).toBe(full.total);
    expect(brief.posts.map((p) => [p.task_id, p.status])).toEqual(full.posts.map((p) => [p.task_id, p.status]));
    for (const p of brief.posts) {
      expect(p).not.toHaveProperty("text");
      expect(p).not.toHaveProperty("media");
    }
  });

  it("a post's history asked with other limits is one upstream read, each answer cut to its limit", async () => {
    const route = "GET posts/<id>/engagement/history/";
    const reads = async () => ((await (await admin(h.simUrl, "stats")).json()) as { by_route: Record<string, number> }).by_route[route] ?? 0;
    const before = await reads();
    const answers: { datapoints: unknown[] }[] = [];
    for (const limit of [7, 20, 3]) {
      const url = `/api/posts/${ids.postId}/engagement/history?metric_type=LIKES&limit=${limit}`;
      answers.push(await data(await call(postHistory, url, { role: "manager", params: { id: String(ids.postId) } })));
    }
    expect(await reads()).toBe(before + 1);
    const [seven, twenty, three] = answers as [{ datapoints: unknown[] }, { datapoints: unknown[] }, { datapoints: unknown[] }];
    expect(twenty.datapoints.length).toBeLessThanOrEqual(20);
    expect(seven.datapoints).toEqual(twenty.datapoints.slice(0, 7));
    expect(three.datapoints).toEqual(twenty.datapoints.slice(0, 3));
  });

  it("passes a since with a +03:00 offset through intact", async () => {
    const url = `/api/campaigns/${ids.campaignId}/posts?since=${encodeURIComponent("2020-01-01T00:00:00+03:00")}`;
    const res = await call(campaignPosts, url, { role: "editor", params: { id: String(ids.campaignId) } });
    expect(res.status).toBe(200);
  });
});

describe("upstream errors", () => {
  beforeEach(() => pointUpstream(h.simUrl, "demo-key"));

  it("404 not_found passes through with the upstream's Russian message", async () => {
    const res = await call(post, "/api/posts/99999999", { role: "reviewer", params: { id: "99999999" } });
    expect(res.status).toBe(404);
    const err = await errorOf(res);
    expect(err.code).toBe("not_found");
    expect(err.message).toMatch(/[А-Яа-яЁё]/);
  });

  it("404 no_posts passes through for a campaign with no published post", async () => {
    const examples = (await (await admin(h.simUrl, "examples")).json()) as { campaigns_without_published_posts: number[] };
    const id = examples.campaigns_without_published_posts[0];
    expect(id).toBeDefined();
    const res = await call(latestPost, `/api/campaigns/${id}/posts/latest`, { role: "editor", params: { id: String(id) } });
    expect(res.status).toBe(404);
    const err = await errorOf(res);
    expect(err.code).toBe("no_posts");
    expect(err.message).toMatch(/[А-Яа-яЁё]/);
  });

  it("a wrong API key is the dashboard's fault: 502 upstream_auth", async () => {
    pointUpstream(h.simUrl, "not-a-real-key");
    const res = await call(account, "/api/account", { role: "admin" });
    expect(res.status).toBe(502);
    expect((await errorOf(res)).code).toBe("upstream_auth");
  });

  it("403 feature_unavailable and subscription_inactive pass through", async () => {
    pointUpstream(h.simUrl, "demo-key-no-api");
    const a = await call(account, "/api/account", { role: "admin" });
    expect(a.status).toBe(403);
    expect((await errorOf(a)).code).toBe("feature_unavailable");
    pointUpstream(h.simUrl, "demo-key-inactive");
    const b = await call(projects, "/api/projects", { role: "admin" });
    expect(b.status).toBe(403);
    expect((await errorOf(b)).code).toBe("subscription_inactive");
  });

  describe("with faults", () => {
    beforeEach(async () => {
      await admin(h.simUrl, "faults", { latency_ms: 0, error_rate: 0, malformed_rate: 0, down: false });
    });
    afterAll(async () => {
      await admin(h.simUrl, "faults", { latency_ms: 0, error_rate: 0, malformed_rate: 0, down: false });
    });

    it("upstream down with nothing cached → 503 upstream_unavailable", async () => {
      await admin(h.simUrl, "faults", { down: true });
      const res = await call(account, "/api/account", { role: "manager" });
      expect(res.status).toBe(503);
      expect((await errorOf(res)).code).toBe("upstream_unavailable");
    });

    it("upstream too slow → 504 upstream_timeout", async () => {
      pointUpstream(h.simUrl, "demo-key", 150);
      await admin(h.simUrl, "faults", { latency_ms: 3000 });
      const res = await call(projects, "/api/projects", { role: "manager" });
      expect(res.status).toBe(504);
      expect((await errorOf(res)).code).toBe("upstream_timeout");
    });

    it("serves the last known data marked stale when the upstream fails", async () => {
      resetServiceForTests({ service: { ttlMs: { account: 1 } }, gateway: { retry: { maxRetries: 0 } } });
      const fresh = await call(account, "/api/account", { role: "reviewer" });
      expect(fresh.status).toBe(200);
      await admin(h.simUrl, "faults", { down: true });
      await new Promise((r) => setTimeout(r, 20));
      // Expired: answered as it is, not stale (nothing failed yet), and left to the scheduler to read again.
      const waiting = await call(account, "/api/account", { role: "reviewer" });
      expect(waiting.status).toBe(200);
      expect(waiting.headers.get("x-data-stale")).toBeNull();
      // The scheduler's read of it fails: from then on the answer says it is stale.
      await service.mirror.refreshKept("account").catch(() => undefined);
      const res = await call(account, "/api/account", { role: "reviewer" });
      expect(res.status).toBe(200);
      expect(res.headers.get("x-data-stale")).toBe("1");
      expect(((await res.json()) as { meta: { stale: boolean } }).meta.stale).toBe(true);
    });

    it("budget spent with nothing to serve → 503 budget_exhausted with Retry-After, never a 429", async () => {
      resetServiceForTests({ gateway: { limits: { readsPerMinute: 1, writesPerMinute: 1, requestsPerHour: 1000 }, interactiveWaitMs: 0 } });
      const answers = [
        await call(account, "/api/account", { role: "manager" }),
        await call(projects, "/api/projects", { role: "manager" }),
        await call(campaigns, "/api/campaigns", { role: "manager" }),
      ];
      expect(answers.map((a) => a.status)).not.toContain(429);
      const spent = answers.find((a) => a.status === 503);
      expect(spent).toBeDefined();
      expect((await errorOf(spent as Response)).code).toBe("budget_exhausted");
      expect(Number(spent?.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    });

    it("a body that breaks the contract → 502 upstream_contract", async () => {
      await admin(h.simUrl, "faults", { malformed_rate: 1, malformed: "schema" });
      const res = await call(account, "/api/account", { role: "manager" });
      expect(res.status).toBe(502);
      expect((await errorOf(res)).code).toBe("upstream_contract");
    });
  });
});

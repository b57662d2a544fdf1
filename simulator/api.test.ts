// @vitest-environment node
// Contract tests over real HTTP: auth, every endpoint's fields and types, validation, 404s.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as S from "./schemas";
import type { SimulatorHandle } from "./server";
import { client, quietSimulator } from "./testing";
import type { z } from "zod";

let sim: SimulatorHandle;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  sim = await quietSimulator();
  api = client(sim);
});
afterAll(() => sim.close());

function parse<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const r = schema.safeParse(body);
  if (!r.success) throw new Error(`${r.error.message}\n${JSON.stringify(body).slice(0, 600)}`);
  return r.data;
}

async function expectError(path: string, status: number, code: string, method: "GET" | "POST" = "GET"): Promise<string> {
  const res = method === "GET" ? await api.get(path) : await api.post(path);
  expect(res.status, path).toBe(status);
  const body = parse(S.errorBody, res.body);
  expect(body.error.code).toBe(code);
  return body.error.message;
}

describe("authentication", () => {
  it("401 without or with a wrong key, 403 for the two restricted keys", async () => {
    for (const key of [null, "nope"]) {
      const res = await client(sim, key).get("account/");
      expect(res.status).toBe(401);
      expect(parse(S.errorBody, res.body).error.code).toBe("unauthorized");
    }
    const noApi = await client(sim, "demo-key-no-api").get("projects/");
    expect(noApi.status).toBe(403);
    expect(parse(S.errorBody, noApi.body).error.code).toBe("feature_unavailable");
    const inactive = await client(sim, "demo-key-inactive").post("posts/1001/approve");
    expect(inactive.status).toBe(403);
    expect(parse(S.errorBody, inactive.body).error.code).toBe("subscription_inactive");
  });
});

describe("resources have the fields of section 2", () => {
  it("account, with an unlimited quota", async () => {
    const a = parse(S.account, (await api.get("account/")).body);
    expect(Object.values(a.quota).some((q) => q.limit === null && q.remaining === null)).toBe(true);
  });

  it("projects: only active ones listed; detail, channels", async () => {
    const list = parse(S.projectItem.array(), ((await api.get("projects/")).body as { projects: unknown }).projects);
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(list.every((p) => p.is_active)).toBe(true);
    expect(list.map((p) => p.id)).not.toContain(4);
    const detail = parse(S.projectDetail, (await api.get("projects/1/")).body);
    expect(detail.niche_description.length).toBeGreaterThan(10);
    const channels = parse(S.channel.array(), ((await api.get("projects/3/channels/")).body as { channels: unknown }).channels);
    expect(channels.length).toBeGreaterThan(0);
    const platforms = new Set<string>();
    for (const id of [1, 2, 3, 4]) {
      const chs = ((await api.get(`projects/${id}/channels/`)).body as { channels: { platform: string }[] }).channels;
      chs.forEach((c) => platforms.add(c.platform));
    }
    expect([...platforms].sort()).toEqual(["MAX", "TELEGRAM", "VK", "WEBHOOK"]);
  });

  it("channel secrets never appear in any answer", async () => {
    const secrets = sim.state.world.channels.map((c) => c.secret);
    const bodies = await Promise.all(["projects/1/channels/", "projects/2/channels/", "campaigns/101/", "campaigns/105/", "posts/1001/"].map((p) => api.get(p)));
    const text = JSON.stringify(bodies.map((b) => b.body));
    for (const s of secrets) expect(text).not.toContain(s);
    expect(text).not.toMatch(/token|secret/i);
  });

  it("campaigns: default ACTIVE,FROZEN, filters, detail with schedules of all three types", async () => {
    const def = parse(S.campaignItem.array(), ((await api.get("campaigns/")).body as { campaigns: unknown }).campaigns);
    expect(new Set(def.map((c) => c.status))).toEqual(new Set(["ACTIVE", "FROZEN"]));
    const all = parse(S.campaignItem.array(), ((await api.get("campaigns/?status=DRAFT,ACTIVE,FROZEN,COMPLETED")).body as { campaigns: unknown }).campaigns);
    expect(all.length).toBeGreaterThanOrEqual(8);
    expect(new Set(all.map((c) => c.status)).size).toBe(4);
    const p2 = ((await api.get("campaigns/?project_id=2&status=ACTIVE")).body as { campaigns: { project_id: number; status: string }[] }).campaigns;
    expect(p2.length).toBeGreaterThan(0);
    expect(p2.every((c) => c.project_id === 2 && c.status === "ACTIVE")).toBe(true);
    const types = new Set<string>();
    for (const c of all) {
      const d = parse(S.campaignDetail, (await api.get(`campaigns/${c.id}/`)).body);
      d.schedules.forEach((s) => types.add(s.schedule_type));
      const sch = parse(S.schedule.array(), ((await api.get(`campaigns/${c.id}/schedules/`)).body as { schedules: unknown }).schedules);
      expect(sch).toEqual(d.schedules);
    }
    expect([...types].sort()).toEqual(["DAILY", "EVERY_N_DAYS", "WEEKLY"]);
  });

  it("posts list, latest, detail, engagement, history", async () => {
    const list = parse(S.postList, (await api.get("campaigns/101/posts/?limit=100")).body);
    expect(list.limit).toBe(100);
    const latest = parse(S.post, (await api.get("campaigns/101/posts/latest")).body);
    expect(["PUBLISHED", "PARTIALLY_PUBLISHED"]).toContain(latest.status);
    const detail = parse(S.postDetail, (await api.get(`posts/${latest.task_id}/`)).body);
    expect(detail.versions.filter((v) => v.is_active)).toHaveLength(1);
    expect(detail.text).toBe(detail.versions.find((v) => v.is_active)?.text_content);
    expect(Object.keys(detail.engagement).sort()).toEqual(["COMMENTS", "LIKES", "REACTIONS", "REPOSTS", "VIEWS"]);
    const eng = parse(S.postEngagement, (await api.get(`posts/${latest.task_id}/engagement/`)).body);
    expect(eng.metrics.length).toBeGreaterThanOrEqual(5);
    const hist = parse(S.history, (await api.get(`posts/${latest.task_id}/engagement/history/?metric_type=LIKES&limit=200`)).body);
    expect(hist.datapoints.length).toBeGreaterThanOrEqual(50);
    const times = hist.datapoints.map((d) => Date.parse(d.collected_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const def = parse(S.history, (await api.get(`posts/${latest.task_id}/engagement/history/?metric_type=VIEWS`)).body);
    expect(def.datapoints).toHaveLength(50);
    const camp = parse(S.campaignEngagement, (await api.get("campaigns/101/engagement/")).body);
    expect(camp.posts_count).toBeGreaterThan(10);
    const recent = parse(S.campaignEngagement, (await api.get("campaigns/101/engagement/?since=2026-01-01T00:00:00Z")).body);
    expect(recent.posts_count).toBeLessThanOrEqual(camp.posts_count);
  });
});

describe("validation_error names the parameter", () => {
  const cases: [string, string][] = [
    ["campaigns/101/posts/?limit=0", "limit"],
    ["campaigns/101/posts/?limit=101", "limit"],
    ["campaigns/101/posts/?limit=abc", "limit"],
    ["campaigns/101/posts/?offset=-1", "offset"],
    ["campaigns/101/posts/?sort=bad", "sort"],
    ["campaigns/101/posts/?status=BAD", "status"],
    ["campaigns/101/posts/?status=PUBLISHED,", "status"],
    ["campaigns/101/posts/?since=garbage", "since"],
    ["campaigns/101/posts/?since=2026-11-20T10:00:00", "since"],
    ["campaigns/?status=ARCHIVED", "status"],
    ["campaigns/?project_id=x", "project_id"],
    ["campaigns/101/engagement/?since=yesterday", "since"],
    ["posts/1001/engagement/history/", "metric_type"],
    ["posts/1001/engagement/history/?metric_type=CLICKS", "metric_type"],
    ["posts/1001/engagement/history/?metric_type=VIEWS&limit=201", "limit"],
  ];
  it.each(cases)("%s", async (path, param) => {
    const message = await expectError(path, 400, "validation_error");
    expect(message).toContain(param);
  });
});

describe("not found", () => {
  it.each(["projects/999/", "projects/abc/", "projects/1/channels/x/", "campaigns/999/", "campaigns/1.5/", "campaigns/999/posts/", "posts/1/", "posts/abc/", "posts/999999/engagement/", "campaigns", "campaigns/101/posts/latest/", "nothing/"])(
    "%s → 404 not_found",
    async (path) => {
      await expectError(path, 404, "not_found");
    },
  );
  it("approve of an unknown post → 404; latest without published posts → no_posts", async () => {
    await expectError("posts/999999/approve", 404, "not_found", "POST");
    await expectError("campaigns/103/posts/latest", 404, "no_posts");
  });
  it("wrong method → 405", async () => {
    const res = await api.get("posts/1001/approve");
    expect(res.status).toBe(405);
  });
});

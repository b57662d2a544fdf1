// @vitest-environment node
// The seeded world: required variety, invariants, determinism, and the world moving in time.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MediaLinker } from "./media";
import { postDetailJson } from "./serialize";
import type { SimulatorHandle } from "./server";
import { FIXED_START, client, quietSimulator } from "./testing";
import { seedWorld } from "./world/seed";
import type { World } from "./world/state";
import { CAMPAIGN_STATUSES, METRIC_TYPES, POST_STATUSES, POST_TYPES } from "./world/types";

const DAY = 86_400_000;
const fixedLinks = new MediaLinker(1, () => "http://sim", () => 86_400, () => 0);

function dump(w: World): string {
  return JSON.stringify({
    campaigns: w.campaigns,
    schedules: w.schedules,
    channels: w.channels,
    posts: w.posts.map((p) => postDetailJson(w, p, fixedLinks)),
  });
}

describe("seed", () => {
  let base: World;
  beforeAll(() => {
    base = seedWorld(42, FIXED_START);
  });

  it("is deterministic for a seed and start, and differs for another seed", () => {
    expect(dump(seedWorld(42, FIXED_START))).toBe(dump(base));
    const other = seedWorld(7, FIXED_START);
    expect(other.posts.map((p) => p.versions[0]?.text)).not.toEqual(base.posts.map((p) => p.versions[0]?.text));
  });

  // Several start moments: the world is laid out relative to the start (weekday, time of day).
  it.each([0, 1.37, 4.5])("has the required variety and invariants (start + %d days)", (days) => {
    const start = FIXED_START + days * DAY;
    const w = days === 0 ? base : seedWorld(42, start);
    const posts = w.posts;
    expect(posts.length).toBeGreaterThanOrEqual(400);
    expect(new Set(posts.map((p) => p.status))).toEqual(new Set(POST_STATUSES));
    expect(new Set(posts.map((p) => p.postType))).toEqual(new Set(POST_TYPES));
    expect(new Set(w.campaigns.map((c) => c.status))).toEqual(new Set(CAMPAIGN_STATUSES));
    expect(w.projects.filter((p) => p.isActive).length).toBeGreaterThanOrEqual(3);
    expect(w.projects.some((p) => !p.isActive)).toBe(true);
    const busy = w.campaigns.filter((c) => c.status === "ACTIVE" && w.campaignPosts(c.id).filter((p) => p.status === "WAITING_APPROVAL").length >= 15);
    expect(busy.length).toBeGreaterThanOrEqual(3);
    expect(w.campaignPosts(103).some((p) => p.status === "PUBLISHED" || p.status === "PARTIALLY_PUBLISHED")).toBe(false);

    const sources = new Set<string>();
    const recordStatuses = new Set<string>();
    let long = 0;
    for (const p of posts) {
      expect(p.createdAt).toBeLessThanOrEqual(start);
      if (p.updatedAt !== null) expect(p.updatedAt).toBeLessThanOrEqual(start);
      // versions
      expect(p.versions.length).toBeGreaterThanOrEqual(1);
      expect(p.versions.length).toBeLessThanOrEqual(10);
      expect(p.versions[0]?.source).toBe("INITIAL");
      expect(p.versions.slice(1).every((v) => v.source !== "INITIAL")).toBe(true);
      expect(p.versions.map((v) => v.number)).toEqual(p.versions.map((_, i) => i + 1));
      expect(p.versions.filter((v) => v.isActive)).toHaveLength(1);
      p.versions.forEach((v) => sources.add(v.source));
      if ((p.versions.find((v) => v.isActive)?.text.length ?? 0) > 3000) long++;
      // media rules of 2.11
      const m = p.media;
      if (p.status === "GENERATING") continue;
      expect(m).not.toBeNull();
      if (!m) continue;
      if (p.postType === "TEXT") expect([m.images.length, m.video, m.documents.length]).toEqual([0, null, 0]);
      if (p.postType === "IMAGE") expect(m.images).toHaveLength(1);
      if (p.postType === "ALBUM") expect(m.images.length >= 2 && m.images.every((i) => i.inAlbum)).toBe(true);
      if (p.postType === "VIDEO") expect(m.video !== null && m.documents.length === 0 && m.images.length <= 1).toBe(true);
      if (p.postType === "DOCUMENT") expect(m.documents.length >= 1 && m.video === null && m.images.length <= 1).toBe(true);
      if (p.postType !== "VIDEO") expect(m.video).toBeNull();
      // publication
      p.records.forEach((r) => recordStatuses.add(r.status));
      if (p.status === "PARTIALLY_PUBLISHED") {
        expect(p.records.some((r) => r.status === "PUBLISHED") && p.records.some((r) => r.status === "FAILED")).toBe(true);
      }
      if (p.engagement) {
        expect(p.engagement.collectedAt.length).toBeGreaterThanOrEqual(50);
        for (const s of p.engagement.series.filter((x) => x.metric === "VIEWS")) {
          expect(s.values.every((v, i) => i === 0 || v >= (s.values[i - 1] ?? 0))).toBe(true);
        }
        expect(new Set(p.engagement.series.map((s) => s.metric))).toEqual(new Set(METRIC_TYPES));
      }
    }
    expect(sources).toEqual(new Set(["INITIAL", "REGENERATION", "MANUAL_EDIT"]));
    expect(recordStatuses).toEqual(new Set(["PENDING", "PUBLISHED", "FAILED"]));
    expect(long).toBeGreaterThan(3);
    expect(posts.some((p) => p.versions.length === 10)).toBe(true);
    expect(posts.filter((p) => p.status === "PUBLISHED" || p.status === "PARTIALLY_PUBLISHED").every((p) => p.engagement !== null)).toBe(true);
  });

  it("versions are edits of each other: most words survive", () => {
    for (const p of base.posts.filter((x) => x.versions.length > 1).slice(0, 60)) {
      for (let i = 1; i < p.versions.length; i++) {
        const prev = new Set((p.versions[i - 1]?.text ?? "").split(/\s+/));
        const words = (p.versions[i]?.text ?? "").split(/\s+/);
        expect(p.versions[i]?.text).not.toBe(p.versions[i - 1]?.text);
        expect(words.filter((x) => prev.has(x)).length / words.length).toBeGreaterThan(0.4);
      }
    }
  });
});

describe("over HTTP", () => {
  let sim: SimulatorHandle;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    sim = await quietSimulator({ tickMs: 100 });
    api = client(sim);
  });
  afterAll(() => sim.close());

  interface List {
    total: number;
    posts: { task_id: number; status: string; created_at: string; updated_at: string | null; published_at: string | null }[];
  }
  const waiting = async (): Promise<List> => (await api.get<List>("campaigns/101/posts/?status=WAITING_APPROVAL,GENERATING&limit=100")).body;
  const strip = (body: unknown): string =>
    JSON.stringify(body)
      .replace(/http:\/\/127\.0\.0\.1:\d+/g, "")
      .replace(/\?exp=\d+&sig=[0-9a-f]+/g, "");

  it("two simulators with the same seed and start answer identically", async () => {
    const twin = await quietSimulator();
    try {
      for (const path of ["campaigns/101/posts/?limit=50", "posts/1100/", "account/", "campaigns/?status=DRAFT,ACTIVE,FROZEN,COMPLETED"]) {
        expect(strip((await client(twin).get(path)).body)).toBe(strip((await api.get(path)).body));
      }
    } finally {
      await twin.close();
    }
  });

  it("with time scale 0 nothing changes by itself", async () => {
    const before = strip((await api.get("campaigns/101/posts/?limit=100")).body);
    await new Promise((r) => setTimeout(r, 400));
    expect(strip((await api.get("campaigns/101/posts/?limit=100")).body)).toBe(before);
  });

  it("advancing the clock generates, publishes and collects engagement", async () => {
    const before = await waiting();
    const approved = (await api.get<List>("campaigns/101/posts/?status=APPROVED&sort=publish_at&limit=1")).body.posts[0];
    const published = (await api.get<List>("campaigns/101/posts/?status=PUBLISHED&limit=1")).body.posts[0];
    const hist = async (): Promise<number> =>
      ((await api.get<{ datapoints: unknown[] }>(`posts/${published?.task_id ?? 0}/engagement/history/?metric_type=VIEWS&limit=200`)).body.datapoints.length);
    const histBefore = await hist();
    const clock = await fetch(`${sim.url}/__admin/clock`, { method: "POST", body: JSON.stringify({ advance_seconds: 3 * 86_400 }) });
    expect(clock.status).toBe(200);
    const after = await waiting();
    const fresh = after.posts.filter((p) => !before.posts.some((b) => b.task_id === p.task_id));
    expect(fresh.length).toBeGreaterThanOrEqual(3);
    expect(fresh.some((p) => p.status === "WAITING_APPROVAL")).toBe(true);
    expect(fresh.every((p) => p.updated_at !== null && Date.parse(p.updated_at) > FIXED_START)).toBe(true);
    if (approved) {
      const now = await api.get<{ status: string; updated_at: string; published_at: string }>(`posts/${approved.task_id}/`);
      expect(["PUBLISHED", "PARTIALLY_PUBLISHED", "FAILED"]).toContain(now.body.status);
      expect(now.body.updated_at).not.toBe(approved.updated_at);
    }
    expect(await hist()).toBeGreaterThan(histBefore);
  });

  it("admin helpers: change a status elsewhere, generate posts, examples, stats", async () => {
    const target = (await waiting()).posts.find((p) => p.status === "WAITING_APPROVAL");
    const res = await fetch(`${sim.url}/__admin/posts/${target?.task_id ?? 0}/status`, { method: "POST", body: JSON.stringify({ status: "PUBLISHED" }) });
    expect(res.status).toBe(200);
    const detail = await api.get<{ status: string; publish_records: { status: string }[] }>(`posts/${target?.task_id ?? 0}/`);
    expect(detail.body.status).toBe("PUBLISHED");
    expect(detail.body.publish_records.length).toBeGreaterThan(0);
    const bad = await fetch(`${sim.url}/__admin/posts/${target?.task_id ?? 0}/status`, { method: "POST", body: JSON.stringify({ status: "NOPE" }) });
    expect(bad.status).toBe(400);

    const gen = (await (await fetch(`${sim.url}/__admin/campaigns/101/generate`, { method: "POST", body: JSON.stringify({ count: 2 }) })).json()) as { created: number[] };
    expect(gen.created).toHaveLength(2);
    for (const id of gen.created) expect((await api.get<{ status: string }>(`posts/${id}/`)).body.status).toBe("WAITING_APPROVAL");

    const ex = (await (await fetch(`${sim.url}/__admin/examples`)).json()) as { campaigns_without_published_posts: number[] };
    expect(ex.campaigns_without_published_posts).toContain(103);
    const stats = (await (await fetch(`${sim.url}/__admin/stats`)).json()) as { total: number; by_route: Record<string, number>; by_status: Record<string, number> };
    expect(stats.total).toBeGreaterThan(5);
    expect(stats.by_route["GET campaigns/<id>/posts/"]).toBeGreaterThan(0);
    expect(stats.by_status["200"]).toBeGreaterThan(0);
  });

  it("admin read-through: the API's answer to a GET, not counted against the key nor in the stats", async () => {
    const before = (await (await fetch(`${sim.url}/__admin/stats`)).json()) as { total: number };
    const path = "campaigns/101/posts/?limit=5&status=WAITING_APPROVAL";
    const through = await fetch(`${sim.url}/__admin/ext/${path}`);
    expect(through.status).toBe(200);
    const after = (await (await fetch(`${sim.url}/__admin/stats`)).json()) as { total: number };
    expect(after.total).toBe(before.total);
    expect(strip(await through.json())).toBe(strip((await api.get(path)).body));
    expect((await fetch(`${sim.url}/__admin/ext/posts/999999999/`)).status).toBe(404);
    expect((await fetch(`${sim.url}/__admin/ext/campaigns/101/posts/?limit=0`)).status).toBe(400);
  });

  it("reset brings back the start world and clock", async () => {
    const start = await api.get<{ total: number }>("campaigns/101/posts/?limit=1");
    await fetch(`${sim.url}/__admin/clock`, { method: "POST", body: JSON.stringify({ advance_seconds: 86_400 }) });
    const reset = await fetch(`${sim.url}/__admin/reset`, { method: "POST" });
    expect(reset.status).toBe(200);
    const clock = (await (await fetch(`${sim.url}/__admin/clock`)).json()) as { now: string };
    expect(Date.parse(clock.now)).toBe(FIXED_START);
    const fresh = await quietSimulator();
    try {
      const path = "campaigns/105/posts/?limit=100&status=WAITING_APPROVAL,APPROVED,CANCELED";
      expect(strip((await api.get(path)).body)).toBe(strip((await client(fresh).get(path)).body));
    } finally {
      await fresh.close();
    }
    expect(start.status).toBe(200);
  });
});

// @vitest-environment node
// The large world (SIMULATOR_WORLD=large): its size, its account's limits, and that it moves all day.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { optionsFromEnv } from "./options";
import type { SimulatorHandle } from "./server";
import { FIXED_START, client, quietSimulator } from "./testing";
import { seedWorld } from "./world/seed";
import type { World } from "./world/state";

const DONE = new Set(["PUBLISHED", "PARTIALLY_PUBLISHED", "FAILED"]);

describe("large world", () => {
  let w: World;
  beforeAll(() => {
    w = seedWorld(42, FIXED_START, "large");
  });

  it("is chosen by SIMULATOR_WORLD; the demo world stays the default", () => {
    expect(optionsFromEnv({}).world).toBe("demo");
    expect(optionsFromEnv({ SIMULATOR_WORLD: "large" }).world).toBe("large");
    expect(() => optionsFromEnv({ SIMULATOR_WORLD: "huge" })).toThrow(/SIMULATOR_WORLD must be one of demo, large/);
    const demo = seedWorld(42, FIXED_START);
    expect(demo.campaigns).toHaveLength(11);
    expect(demo.projects).toHaveLength(4);
  });

  it("has 10 projects, 40 campaigns (mostly active) and at least 4,000 posts", () => {
    expect(w.projects).toHaveLength(10);
    expect(w.campaigns).toHaveLength(40);
    expect(new Set(w.campaigns.map((c) => c.id)).size).toBe(40);
    expect(new Set(w.campaigns.map((c) => c.name)).size).toBe(40);
    const count = (s: string) => w.campaigns.filter((c) => c.status === s).length;
    expect(count("ACTIVE")).toBeGreaterThanOrEqual(30);
    for (const s of ["FROZEN", "DRAFT", "COMPLETED"]) expect(count(s)).toBeGreaterThanOrEqual(1);
    expect(w.posts.length).toBeGreaterThanOrEqual(4_000);
    for (const p of w.projects) expect(w.campaigns.filter((c) => c.projectId === p.id)).toHaveLength(4);
    // A campaign publishes to channels of its own project only.
    for (const c of w.campaigns) {
      expect(c.channelIds.length).toBeGreaterThan(0);
      for (const id of c.channelIds) expect(w.channels.find((ch) => ch.id === id)?.projectId).toBe(c.projectId);
    }
    // Every active campaign has posts waiting for approval or approved ahead.
    for (const c of w.campaigns.filter((x) => x.status === "ACTIVE")) {
      expect(w.campaignPosts(c.id).some((p) => p.status === "WAITING_APPROVAL" || p.status === "APPROVED" || p.status === "SCHEDULED")).toBe(true);
    }
  });

  it("is deterministic for a seed and start", () => {
    const again = seedWorld(42, FIXED_START, "large");
    expect(JSON.stringify(again.toData())).toBe(JSON.stringify(w.toData()));
  });
});

describe("large world over HTTP", () => {
  let sim: SimulatorHandle;
  beforeAll(async () => {
    sim = await quietSimulator({ world: "large" });
  });
  afterAll(() => sim.close());

  it("the account's plan allows it, and the API lists all 40 campaigns", async () => {
    const api = client(sim);
    const account = await api.get<{ limits: { max_campaigns: number; max_projects: number; max_channels: number } }>("account/");
    expect(account.body.limits.max_campaigns).toBeGreaterThanOrEqual(40);
    expect(account.body.limits.max_projects).toBeGreaterThanOrEqual(10);
    expect(account.body.limits.max_channels).toBeGreaterThanOrEqual(sim.state.world.channels.length);
    const list = await api.get<{ campaigns: unknown[] }>("campaigns/?status=DRAFT,ACTIVE,FROZEN,COMPLETED");
    expect(list.body.campaigns).toHaveLength(40);
  });

  it("a moving clock generates, brings to approval, brings waiting posts due and publishes in nearly every hour of a day", async () => {
    const world = () => sim.state.world;
    const hours: { generated: number; waiting: number; published: number; dueSoon: number }[] = [];
    for (let h = 0; h < 24; h++) {
      const known = new Set(world().posts.map((p) => p.id));
      const done = new Set(world().posts.filter((p) => DONE.has(p.status)).map((p) => p.id));
      const from = sim.state.now();
      const res = await fetch(`${sim.url}/__admin/clock`, { method: "POST", body: JSON.stringify({ advance_seconds: 3_600 }) });
      expect(res.status).toBe(200);
      const fresh = world().posts.filter((p) => !known.has(p.id));
      const now = sim.state.now();
      const dueSoon = world().campaigns.filter((c) =>
        world().campaignPosts(c.id).some((p) => p.status === "WAITING_APPROVAL" && p.publishedAt !== null && Math.abs(p.publishedAt - now) <= 2 * 3_600_000),
      ).length;
      hours.push({
        generated: fresh.length,
        waiting: world().posts.filter((p) => p.status === "WAITING_APPROVAL" && p.updatedAt !== null && p.updatedAt > from).length,
        published: world().posts.filter((p) => DONE.has(p.status) && !done.has(p.id)).length,
        dueSoon,
      });
    }
    expect(hours.filter((h) => h.published > 0).length).toBeGreaterThanOrEqual(20);
    expect(hours.filter((h) => h.generated > 0).length).toBeGreaterThanOrEqual(16);
    expect(hours.filter((h) => h.waiting > 0).length).toBeGreaterThanOrEqual(16);
    expect(hours.reduce((a, h) => a + h.published, 0)).toBeGreaterThanOrEqual(60);
    // Posts waiting for approval come due (planned within 2 h) at every hour of the day.
    expect(hours.filter((h) => h.dueSoon > 0).length).toBeGreaterThanOrEqual(22);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSimulator, type SimulatorHandle } from "@/simulator/server";
import { FakeClock } from "@/test/support/fake-clock";
import { createGateway } from "@/lib/server/gateway/gateway";
import { mirrorDatabase } from "@/lib/server/mirror";
import * as upstream from "@/lib/server/upstream";
import { createService, type Service } from "./service";

/**
 * A post's detail is read from the database: a post read in the last 10
 * minutes costs the upstream nothing, on any instance and after a restart,
 * unless the mirror shows it changed. Counted at the simulator itself.
 */
let sim: SimulatorHandle;
const START = Date.parse("2026-11-20T09:00:00+03:00");

async function postReads(id: number): Promise<number> {
  const s = (await (await fetch(`${sim.url}/__admin/stats`)).json()) as { recent: { method: string; path: string }[] };
  return s.recent.filter((r) => r.method === "GET" && r.path.replace(/\/$/, "").endsWith(`/posts/${id}`)).length;
}

beforeAll(async () => {
  sim = await startSimulator({ port: 0, limits: false, timeScale: 0, admin: true, startTime: START, seed: 42 });
  upstream.setUpstreamConfigForTests({ baseUrl: sim.url, apiKey: "demo-key", timeoutMs: 5000 });
});
afterAll(async () => {
  upstream.setUpstreamConfigForTests(undefined);
  await sim.close();
});

/** Two instances of the app (or one before and after a restart) on one database, each with its own memory. */
function instances(clock: FakeClock): [Service, Service] {
  const db = mirrorDatabase();
  const one = () => createService(createGateway({ clock }), upstream, { mirror: db.store() });
  return [one(), one()];
}

function publishedPost(): { id: number; campaignId: number } {
  for (const c of sim.state.world.campaigns) {
    const p = sim.state.world.campaignPosts(c.id).find((x) => x.status === "PUBLISHED");
    if (p) return { id: p.id, campaignId: c.id };
  }
  throw new Error("the seeded world has no published post");
}

describe("a post's detail as the database holds it", () => {
  it("costs one read when never seen, and none on another instance within 10 minutes", async () => {
    const clock = new FakeClock(START);
    const [a, b] = instances(clock);
    const { id } = publishedPost();
    const before = await postReads(id);
    const first = await a.post(id);
    // The detail carries the engagement totals the post page shows: no second read for them.
    expect(Object.keys(first.data.engagement).length).toBeGreaterThan(0);
    expect((await postReads(id)) - before).toBe(1);
    await clock.advance(9 * 60_000);
    const again = await b.post(id);
    expect(again.meta.stale).toBe(false);
    expect(again.data.task_id).toBe(id);
    expect((await postReads(id)) - before).toBe(1);
    // Past its 10 minutes a published post's engagement may have moved: read once more, then shared again.
    await clock.advance(2 * 60_000);
    await b.post(id);
    await a.post(id);
    expect((await postReads(id)) - before).toBe(2);
  });

  it("is read again when the mirror shows the post changed", async () => {
    const clock = new FakeClock(START);
    const [a, b] = instances(clock);
    const c = sim.state.world.campaigns.find((x) => x.status === "ACTIVE" && sim.state.world.campaignPosts(x.id).some((p) => p.status === "WAITING_APPROVAL"));
    const id = c && sim.state.world.campaignPosts(c.id).find((p) => p.status === "WAITING_APPROVAL")?.id;
    if (!c || id === undefined) throw new Error("the seeded world has no waiting post");
    await a.campaignPosts(c.id, { status: ["WAITING_APPROVAL"], limit: 100 });
    const before = await postReads(id);
    await a.post(id);
    await b.post(id);
    expect((await postReads(id)) - before).toBe(1);
    // Someone approves it in the upstream's own UI; the mirror's next refresh (any instance's, or a job's) sees it.
    const changed = await fetch(`${sim.url}/__admin/posts/${id}/status`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ status: "APPROVED" }) });
    expect(changed.status).toBe(200);
    await clock.advance(60_000);
    await a.mirror.refresher.refresh(c.id, "background");
    expect((await a.mirror.store.read(c.id))?.posts.find((p) => p.task_id === id)?.status).toBe("APPROVED");
    expect((await b.post(id)).data.status).toBe("APPROVED");
    expect((await postReads(id)) - before).toBe(2);
    expect((await a.post(id)).data.status).toBe("APPROVED");
    expect((await postReads(id)) - before).toBe(2);
  });
});

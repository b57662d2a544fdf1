import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startSimulator, type SimulatorHandle } from "@/simulator/server";
import type { PostListQuery } from "@/lib/schemas";
import { FakeClock } from "@/test/support/fake-clock";
import { BudgetExhaustedError } from "@/lib/server/gateway/errors";
import { createGateway, type Gateway, type GatewayOptions } from "@/lib/server/gateway/gateway";
import { createService, type UpstreamApi } from "@/lib/server/service/service";
import * as upstream from "@/lib/server/upstream";
import { mirrorDatabase } from "./index";

/**
 * The campaign mirror against the real simulator, its rate limits on: what a
 * fill, a refresh, a second view, a restart and a spent budget cost in
 * upstream reads, counted on the wire. The simulator's world is frozen (time
 * scale 0) so its posts stay put between reads; the dashboard's clock is a fake
 * one (the budget's windows), the requests real.
 */
type ListCall = { campaignId: number; since: boolean };

let sim: SimulatorHandle;
let dir: string;
const lists: ListCall[] = [];
const calls: string[] = [];

/** The real client, with every call written down (list reads by campaign). */
const api: UpstreamApi = Object.fromEntries(
  Object.entries(upstream).map(([name, fn]) => [
    name,
    (...args: unknown[]) => {
      calls.push(name);
      if (name === "listCampaignPosts") lists.push({ campaignId: args[0] as number, since: Boolean((args[1] as PostListQuery | undefined)?.since) });
      return (fn as (...a: unknown[]) => unknown)(...args);
    },
  ]),
) as unknown as UpstreamApi;

function instance(file: string, gateway: GatewayOptions = {}) {
  const clock = (gateway.clock as FakeClock | undefined) ?? new FakeClock(Date.now());
  const gw: Gateway = createGateway({ ...gateway, clock });
  const service = createService(gw, api, { mirror: mirrorDatabase(`file:${file}`).store() });
  return { clock, gw, service };
}

const WAITING: PostListQuery = { status: ["WAITING_APPROVAL"], sort: "publish_at", limit: 20 };
const active = () => sim.state.world.campaigns.filter((c) => c.status === "ACTIVE" || c.status === "FROZEN");
const listsOf = (id: number) => lists.filter((l) => l.campaignId === id);

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "mirror-"));
  sim = await startSimulator({ port: 0, limits: true, timeScale: 0, admin: true, seed: 42 });
  upstream.setUpstreamConfigForTests({ baseUrl: sim.url, apiKey: "demo-key", timeoutMs: 10_000 });
});

afterAll(async () => {
  upstream.setUpstreamConfigForTests(undefined);
  await sim?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The simulator's limits count real minutes: each case starts with them cleared (the same seeded world). */
beforeEach(async () => {
  const res = await fetch(`${sim.url}/__admin/reset`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
  expect(res.status).toBeLessThan(300);
});

/** A copy of the filled database: a case that must not pay the fill again starts from it. */
function filledCopy(name: string): string {
  const to = path.join(dir, name);
  copyFileSync(path.join(dir, "dashboard.db"), to);
  return to;
}

describe("the campaign mirror against the simulator", () => {
  const file = () => path.join(dir, "dashboard.db");

  it("fills a campaign with a page of 100 per read, every status, and cuts every list from it", async () => {
    const { service } = instance(file());
    for (const c of active()) {
      const total = sim.state.world.campaignPosts(c.id).length;
      const canceled = sim.state.world.campaignPosts(c.id).filter((p) => p.status === "CANCELED").length;
      const r = await service.campaignPosts(c.id, WAITING);
      // The upstream's default list (every status but CANCELED, unknown ones included), then the canceled.
      const reads = Math.max(1, Math.ceil((total - canceled) / 100)) + Math.max(1, Math.ceil(canceled / 100));
      expect(listsOf(c.id), `campaign ${c.id}, ${total} posts`).toHaveLength(reads);
      const waiting = sim.state.world.campaignPosts(c.id).filter((p) => p.status === "WAITING_APPROVAL");
      expect(r.data.total).toBe(waiting.length);
    }
  });

  it("answers a second and a third view of a campaign (other filters, counts, latest) with no read", async () => {
    const { service } = instance(file());
    const c = active().find((x) => sim.state.world.campaignPosts(x.id).some((p) => p.status === "PUBLISHED"));
    if (!c) throw new Error("no campaign with a published post");
    const before = calls.length;
    const failed = await service.campaignPosts(c.id, { status: ["FAILED"], limit: 5 });
    const all = await service.campaignPosts(c.id, { limit: 100, sort: "-created_at" });
    const latest = await service.latestPost(c.id);
    expect(calls.slice(before)).toEqual([]);
    expect(failed.data.total).toBe(sim.state.world.campaignPosts(c.id).filter((p) => p.status === "FAILED").length);
    expect(all.data.total).toBe(sim.state.world.campaignPosts(c.id).filter((p) => p.status !== "CANCELED").length);
    // The upstream's own answer for the latest post, read here only to compare.
    const res = await fetch(`${sim.url}/api/v1/ext/campaigns/${c.id}/posts/latest`, { headers: { Authorization: "Bearer demo-key" } });
    expect(latest.data.task_id).toBe(((await res.json()) as { task_id: number }).task_id);
  });

  it("refreshes a campaign with one `since` read, and shows a change made upstream", async () => {
    const { service } = instance(file());
    const c = active().find((x) => sim.state.world.campaignPosts(x.id).some((p) => p.status === "WAITING_APPROVAL"));
    if (!c) throw new Error("no campaign with a waiting post");
    const target = (await service.campaignPosts(c.id, WAITING)).data.posts[0];
    if (!target) throw new Error("no waiting post");
    const res = await fetch(`${sim.url}/__admin/posts/${target.task_id}/status`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ status: "CANCELED" }) });
    expect(res.status).toBeLessThan(300);
    const before = listsOf(c.id).length;
    const r = await service.campaignPosts(c.id, WAITING, "interactive", { maxAgeMs: 0 });
    expect(listsOf(c.id).slice(before)).toEqual([{ campaignId: c.id, since: true }]);
    expect(r.data.posts.map((p) => p.task_id)).not.toContain(target.task_id);
  });

  it("costs no refill after a restart: a new instance on the filled database reads nothing", async () => {
    const first = instance(file());
    const ids = active().map((c) => c.id);
    for (const id of ids) await first.service.campaign(id);
    const before = calls.length;
    const restarted = instance(file());
    for (const id of ids) {
      await restarted.service.campaignPosts(id, WAITING);
      await restarted.service.campaign(id);
      await restarted.service.campaignSchedules(id);
    }
    expect(calls.slice(before)).toEqual([]);
  });

  it("never lets background refreshes take more than 40 % of a minute's reads, and people still get theirs", async () => {
    const { clock, gw, service } = instance(filledCopy("background.db"));
    const ids = active().map((c) => c.id);
    const before = lists.length;
    let refused = 0;
    for (let round = 0; round < 10; round++) {
      for (const id of ids) await service.mirror.refresher.refresh(id, "background").catch(() => refused++);
    }
    const background = lists.length - before;
    expect(background).toBe(24); // 40 % of 60
    expect(refused).toBeGreaterThan(0);
    // A person's page in the same minute, on a copy older than the 20 s promise, is refreshed at once.
    await clock.advance(21_000);
    const r = await service.campaignPosts(ids[0] as number, WAITING, "interactive", { maxAgeMs: 0 });
    expect(r.meta.stale).toBe(false);
    expect(lists.length - before).toBe(25);
    expect(gw.budget.snapshot().reads).toBeGreaterThan(0);
  });

  it("holds background work to 40 % of the hour too", async () => {
    const { clock, service } = instance(filledCopy("hour.db"), { limits: { readsPerMinute: 60, writesPerMinute: 30, requestsPerHour: 100 } });
    const ids = active().map((c) => c.id);
    const start = lists.length;
    for (let minute = 0; minute < 8; minute++) {
      for (let round = 0; round < 3; round++) for (const id of ids) await service.mirror.refresher.refresh(id, "background").catch(() => undefined);
      await clock.advance(61_000);
    }
    // 24 a minute would allow far more in 8 minutes: the hour's 40 % (40 of 100) is where it stops.
    expect(lists.length - start).toBe(40);
  });

  it("reads a page's campaign younger than the 20 s promise only while the team's minute is quiet", async () => {
    const { clock, gw, service } = instance(path.join(dir, "fresh.db"));
    const [id] = active().map((c) => c.id);
    if (id === undefined) throw new Error("need a campaign");
    const filled = await service.campaignPosts(id, WAITING);
    await clock.advance(10_000);
    // People have read 20 this minute: a copy 10 s old is not worth a read now, and nothing failed.
    for (let i = 0; i < 20; i++) (await gw.budget.acquire("interactive", 0)).settle();
    const before = calls.length;
    const young = await service.campaignPosts(id, WAITING, "interactive", { maxAgeMs: 5_000 });
    expect(calls.slice(before)).toEqual([]);
    expect(young.meta.fetchedAt).toBe(filled.meta.fetchedAt);
    expect(young.meta.stale).toBe(false);
    // Past the promise it is read, busy minute or not.
    await clock.advance(11_000);
    const old = await service.campaignPosts(id, WAITING, "interactive", { maxAgeMs: 5_000 });
    expect(calls.length).toBe(before + 1);
    expect(Date.parse(old.meta.fetchedAt)).toBeGreaterThan(Date.parse(filled.meta.fetchedAt));
  });

  it("answers a person's read under a spent budget from the mirror with its age; refuses only what was never seen", async () => {
    const { clock, gw, service } = instance(path.join(dir, "spent.db"));
    const [seen, unseen] = active().map((c) => c.id);
    if (seen === undefined || unseen === undefined) throw new Error("need two campaigns");
    const filled = await service.campaignPosts(seen, WAITING);
    await clock.advance(30_000);
    // Every read of the minute taken (in flight, never answered).
    for (;;) {
      try {
        await gw.budget.acquire("interactive", 0);
      } catch {
        break;
      }
    }
    const before = calls.length;
    const pending = service.campaignPosts(seen, WAITING, "interactive", { maxAgeMs: 15_000 });
    await clock.advance(1_000);
    const r = await pending;
    expect(r.meta.stale).toBe(true);
    expect(r.meta.fetchedAt).toBe(filled.meta.fetchedAt);
    expect(r.meta.retryAt).toBeDefined();
    expect(r.data.posts.map((p) => p.task_id)).toEqual(filled.data.posts.map((p) => p.task_id));
    const never = service.campaignPosts(unseen, WAITING).then(
      () => undefined,
      (e: unknown) => e,
    );
    await clock.advance(3_000);
    const e = await never;
    expect(e).toBeInstanceOf(BudgetExhaustedError);
    expect((e as BudgetExhaustedError).retryAfterSeconds).toBeGreaterThan(0);
    expect(calls.slice(before)).toEqual([]);
  });
});

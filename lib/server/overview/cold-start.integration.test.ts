import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InboxQuery } from "@/lib/schemas";
import { FakeClock } from "@/test/support/fake-clock";
import { createGateway } from "@/lib/server/gateway/gateway";
import { inboxAnswer } from "@/lib/server/inbox/answer";
import { DEFAULT_INBOX_CONFIG } from "@/lib/server/inbox/config";
import { InboxScheduler } from "@/lib/server/inbox/scheduler";
import { mirrorDatabase } from "@/lib/server/mirror";
import { UpstreamScheduler } from "@/lib/server/scheduler/scheduler";
import { createService, type UpstreamApi } from "@/lib/server/service/service";
import * as upstream from "@/lib/server/upstream";
import type { SimulatorHandle } from "@/simulator/server";
import { FIXED_START, KEY, quietSimulator } from "@/simulator/testing";
import { overviewAttention } from "./attention";

/*
 * A fresh install (empty database) of the large world (40 campaigns, 37 of them
 * active or frozen, ~4,300 posts) against the real simulator over HTTP: the
 * inbox and the overview's attention panel, opened by a person before any
 * mirror is filled, must not fill forty campaigns in people's lane (that took
 * the minute's 60 reads and refused the next pages). They say how many are
 * still loading; the scheduler fills them in the background lane; then both
 * answer the upstream's own figures and cost it nothing.
 */
let sim: SimulatorHandle;
const DAY = "Europe/Moscow";

beforeAll(async () => {
  sim = await quietSimulator({ world: "large" });
  upstream.setUpstreamConfigForTests({ baseUrl: sim.url, apiKey: KEY, timeoutMs: 30_000 });
}, 60_000);
afterAll(async () => {
  upstream.setUpstreamConfigForTests(undefined);
  await sim?.close();
});

function setup() {
  const clock = new FakeClock(FIXED_START);
  // Every upstream call, by operation.
  const calls: string[] = [];
  const api = Object.fromEntries(
    Object.entries(upstream).map(([name, fn]) => [name, (...a: unknown[]) => (calls.push(name), (fn as (...x: unknown[]) => unknown)(...a))]),
  ) as unknown as UpstreamApi;
  // Every read of the mirror's refresher, with its lane.
  const fills: { id: number; kind: string; lane: string }[] = [];
  const gw = createGateway({ clock, limits: { readsPerMinute: 60, writesPerMinute: 30, requestsPerHour: 1000 } });
  const service = createService(gw, api, { mirror: mirrorDatabase().store(), onMirrorRead: (id, kind, lane) => fills.push({ id, kind, lane }) });
  const inbox = new InboxScheduler({ service, clock, config: DEFAULT_INBOX_CONFIG });
  const scheduler = new UpstreamScheduler({
    store: service.mirror.store,
    refresher: service.mirror.refresher,
    wants: service.mirror.scheduler,
    clock,
    campaigns: async () => (await service.campaigns({ status: ["ACTIVE", "FROZEN"] }, "background")).data.campaigns.map((c) => c.id),
  });
  let woken = 0;
  service.mirror.scheduler.onAsk(() => woken++);
  return { clock, calls, fills, service, inbox, scheduler, woken: () => woken };
}

const truth = () => {
  const live = sim.state.world.campaigns.filter((c) => c.status === "ACTIVE" || c.status === "FROZEN");
  const active = live.filter((c) => c.status === "ACTIVE");
  const waiting = (id: number) => sim.state.world.campaignPosts(id).filter((p) => p.status === "WAITING_APPROVAL").length;
  const failed = (id: number) => sim.state.world.campaignPosts(id).filter((p) => p.status === "FAILED" || p.status === "PARTIALLY_PUBLISHED").length;
  return { live, active, waiting, failed };
};

describe("a fresh install with forty campaigns", () => {
  it("answers the inbox and the attention panel at once with what is filled, fills nothing in people's lane and says how many are loading", async () => {
    const t = setup();
    const { live, active } = truth();
    expect(live.length).toBeGreaterThanOrEqual(30);

    const snap = await t.inbox.use({ priority: "interactive" });
    const answer = inboxAnswer(snap, InboxQuery.parse({}), snap.now, DEFAULT_INBOX_CONFIG.dueSoonMs, undefined, DAY);
    expect(answer.data.loading).toBe(live.length);
    expect(answer.data.posts).toEqual([]);
    expect(answer.data.campaigns).toHaveLength(live.length);
    // Loading is said as such, not as stale data (which would show a warning and a retry time).
    expect(answer.meta.stale).toBe(false);
    // A filter's scope: one campaign, one loading.
    const one = inboxAnswer(snap, InboxQuery.parse({ campaign_id: String(live[0]?.id) }), snap.now, DEFAULT_INBOX_CONFIG.dueSoonMs, undefined, DAY);
    expect(one.data.loading).toBe(1);

    const attention = await overviewAttention(t.service, "interactive");
    expect(attention.data).toEqual({ waiting: [], failed: [], active: active.length, loading: active.length });

    // Not one post list read, nor a campaign detail: the campaigns lists alone (the inbox's active and
    // frozen ones, the overview's every status; each kept 10 min and in the database, shared by everyone).
    expect(t.fills).toEqual([]);
    expect(t.calls).toEqual(["listCampaigns", "listCampaigns"]);
    // The scheduler was woken to fill them.
    expect(t.woken()).toBeGreaterThan(0);
  });

  it("is filled by the scheduler, never in people's lane, then answers the upstream's own figures at no upstream cost", async () => {
    const t = setup();
    const { live, active, waiting, failed } = truth();
    await t.inbox.use({ priority: "interactive" });
    await overviewAttention(t.service, "interactive");

    let loading = Infinity;
    for (let s = 0; s < 30 * 60 && loading > 0; s += 2) {
      await t.scheduler.tick();
      await t.clock.advance(2_000);
      if (s % 30 === 0) loading = (await overviewAttention(t.service, "interactive")).data.loading;
    }
    const snap = await t.inbox.use({ priority: "interactive" });
    const answer = inboxAnswer(snap, InboxQuery.parse({ limit: "100" }), snap.now, DEFAULT_INBOX_CONFIG.dueSoonMs, undefined, DAY);
    expect(answer.data.loading).toBe(0);
    // Every fill was the scheduler's, in the background lane; none in people's. (An inbox open still
    // brings its one stalest filled campaign up to date: a `since` read, not a fill.)
    const firstFills = t.fills.filter((f) => f.kind === "fill");
    expect(firstFills.length).toBeGreaterThanOrEqual(live.length);
    expect(firstFills.filter((f) => f.lane === "interactive")).toEqual([]);
    expect(t.fills.filter((f) => f.kind !== "fill" && f.lane === "interactive").length).toBeLessThanOrEqual(1);

    // The inbox holds every waiting post; the panel each active campaign's waiting and failed counts.
    expect(answer.data.total).toBe(live.reduce((n, c) => n + waiting(c.id), 0));
    for (const c of answer.data.campaigns) expect(c.waiting, `campaign ${c.id}`).toBe(waiting(c.id));
    const before = t.calls.length;
    const attention = (await overviewAttention(t.service, "interactive")).data;
    expect(attention.loading).toBe(0);
    expect(attention.active).toBe(active.length);
    expect(new Map(attention.waiting.map((w) => [w.id, w.count]))).toEqual(new Map(active.filter((c) => waiting(c.id) > 0).map((c) => [c.id, waiting(c.id)])));
    expect(new Map(attention.failed.map((f) => [f.id, f.total]))).toEqual(new Map(active.filter((c) => failed(c.id) > 0).map((c) => [c.id, failed(c.id)])));
    for (const f of attention.failed) {
      expect(f.posts.length).toBe(Math.min(5, f.total));
      expect(f.posts.every((p) => p.status === "FAILED" || p.status === "PARTIALLY_PUBLISHED")).toBe(true);
      const times = f.posts.map((p) => Date.parse(p.published_at ?? ""));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    }
    // Forty campaigns, no upstream read.
    expect(t.calls.length - before).toBe(0);
  }, 120_000);

  it("a page on one campaign still fills it in people's lane, the person waiting", async () => {
    const t = setup();
    const id = truth().live[0]?.id as number;
    const r = await t.service.campaignPosts(id, { status: ["WAITING_APPROVAL"], limit: 20 });
    expect(r.data.total).toBe(truth().waiting(id));
    expect(t.fills.length).toBeGreaterThan(0);
    expect(t.fills.every((f) => f.id === id && f.lane === "interactive")).toBe(true);
  });
});

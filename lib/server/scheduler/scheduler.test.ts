import { afterEach, describe, expect, it } from "vitest";
import type { DashboardEvent } from "@/lib/events/schema";
import { resetEventBusForTests, subscribeEvents } from "@/lib/server/events";
import { FakeClock } from "@/lib/server/gateway/clock";
import { createGateway } from "@/lib/server/gateway/gateway";
import { mirrorStoreAt } from "@/lib/server/mirror";
import { createService, type UpstreamApi } from "@/lib/server/service/service";
import { FakeUpstream } from "@/test/support/fake-upstream";
import { UpstreamScheduler } from "./scheduler";
import { spareForWaited } from "./spare";

/**
 * The one scheduler over the real service and mirror, on a fake clock, with
 * six campaigns: one a person watches (a post page open), one with a waiting
 * post due within the hour, four others. Each campaign is an in-memory
 * upstream of its own; every list read is logged with its time.
 */
const IDS = [11, 12, 13, 14, 15, 16];
const WATCHED = 11;
const DUE = 12;

function setup() {
  const clock = new FakeClock(Date.parse("2026-11-20T09:00:00Z"));
  const fakes = new Map(IDS.map((id) => [id, new FakeUpstream(clock, id, 30)]));
  const reads: { id: number; at: number }[] = [];
  const one = fakes.get(IDS[0] as number) as FakeUpstream;
  const api: UpstreamApi = {
    ...one.api(),
    listCampaignPosts: async (id, q, o) => {
      reads.push({ id, at: clock.now() });
      return (fakes.get(id) as FakeUpstream).api().listCampaignPosts(id, q, o);
    },
  };
  const gw = createGateway({ clock, random: () => 0.5 });
  const service = createService(gw, api, { mirror: mirrorStoreAt().store });
  const scheduler = new UpstreamScheduler({
    store: service.mirror.store,
    refresher: service.mirror.refresher,
    wants: service.mirror.scheduler,
    clock,
    campaigns: async () => IDS,
    watched: async () => [WATCHED],
    spare: () => spareForWaited(gw.budget.snapshot(), { readsPerMinute: 60, requestsPerHour: 1000 }),
  });
  /** Ticks every 2 s for `ms`, as the job runs. */
  const run = async (ms: number) => {
    for (let t = 0; t < ms; t += 2_000) {
      await clock.advance(2_000);
      await scheduler.tick();
    }
  };
  const gaps = (id: number, from: number) => {
    const at = reads.filter((r) => r.id === id && r.at >= from).map((r) => r.at);
    return at.slice(1).map((t, i) => t - (at[i] as number));
  };
  return { clock, fakes, reads, scheduler, run, gaps, gw };
}

afterEach(() => resetEventBusForTests());

describe("the upstream scheduler", () => {
  it("refreshes what a person watches every 20 s, a campaign due soon within 60 s, the rest with what is left, within 400 reads an hour", async () => {
    const t = setup();
    (t.fakes.get(DUE) as FakeUpstream).addPost("WAITING_APPROVAL"); // planned an hour from now
    await t.scheduler.tick(); // first fills of all six (two pages each, at this instant)
    const from = t.clock.now() + 1;
    await t.run(20 * 60_000);
    expect(Math.max(...t.gaps(WATCHED, from))).toBeLessThanOrEqual(22_000);
    expect(Math.max(...t.gaps(DUE, from))).toBeLessThanOrEqual(60_000);
    for (const id of IDS.slice(2)) {
      const g = t.gaps(id, from);
      expect(g.length).toBeGreaterThan(0);
      expect(Math.min(...g)).toBeGreaterThanOrEqual(120_000);
    }
    // Steady refreshes: at most the background share of the hour, paced (plus the first burst).
    const steady = t.reads.filter((r) => r.at >= from).length;
    expect(steady).toBeLessThanOrEqual((400 * 20) / 60 + 8);
    expect(t.scheduler.stats().byClass).toMatchObject({ looked: 1, dueSoon: 1, rest: 4 });
  });

  it("tells a person watching a post of a change made upstream within 30 s, without a reload", async () => {
    const t = setup();
    await t.scheduler.tick();
    await t.run(60_000);
    const seen: DashboardEvent[] = [];
    const stop = subscribeEvents((e) => seen.push(e));
    const fake = t.fakes.get(WATCHED) as FakeUpstream;
    const waiting = [...fake.posts.values()].find((p) => p.status === "WAITING_APPROVAL") as { task_id: number };
    // Made upstream, by someone else, at a moment the last refresh has just passed.
    fake.setStatus(waiting.task_id, "APPROVED");
    const at = t.clock.now();
    while (!seen.some((e) => e.type === "post" && e.task_id === waiting.task_id) && t.clock.now() - at < 120_000) await t.run(2_000);
    stop();
    expect(t.clock.now() - at).toBeLessThanOrEqual(30_000);
  });

  it("still refreshes a watched campaign when the team's minute is too busy for a fresh read, and leaves people their quarter", async () => {
    const t = setup();
    await t.scheduler.tick();
    await t.run(60_000);
    // People have spent 20 of this minute's reads: fresh reads (under 15) are declined, spare ones are not.
    for (let i = 0; i < 20; i++) (await t.gw.budget.acquire("interactive", 0)).settle();
    await expect(t.gw.budget.acquire("fresh", 0)).rejects.toThrow();
    const from = t.clock.now();
    await t.run(22_000);
    expect(t.reads.filter((r) => r.id === WATCHED && r.at > from).length).toBeGreaterThan(0);
    // With 46 spent, less than a quarter is left: the watcher waits, people do not.
    for (let i = 0; i < 26; i++) (await t.gw.budget.acquire("interactive", 0)).settle();
    const busy = t.clock.now();
    await t.run(22_000);
    expect(t.reads.filter((r) => r.id === WATCHED && r.at > busy).length).toBe(0);
  });

  it("a campaign asked for (a webhook, an unknown outcome) goes before everything else, even with the pace spent", async () => {
    const t = setup();
    await t.scheduler.tick();
    await t.run(5 * 60_000);
    const before = t.reads.length;
    t.scheduler.wants.soon(16);
    await t.scheduler.tick();
    expect(t.reads.slice(before).map((r) => r.id)[0]).toBe(16);
  });
});

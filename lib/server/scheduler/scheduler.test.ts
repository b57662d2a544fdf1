import { afterEach, describe, expect, it } from "vitest";
import type { DashboardEvent } from "@/lib/events/schema";
import { eventBus, resetEventBusForTests } from "@/lib/server/events";
import { FakeClock } from "@/test/support/fake-clock";
import { createGateway } from "@/lib/server/gateway/gateway";
import { mirrorDatabase, mirrorStoreAt } from "@/lib/server/mirror";
import { createService, type UpstreamApi } from "@/lib/server/service/service";
import { UpstreamHttpError } from "@/lib/server/upstream/errors";
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

function setup(world: { ids: number[]; watched: number[] } = { ids: IDS, watched: [WATCHED] }) {
  const IDS = world.ids;
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
    kept: service.mirror.refreshKept,
    clock,
    campaigns: async () => IDS,
    watched: async () => world.watched,
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
  return { clock, fakes, reads, scheduler, run, gaps, gw, service };
}

afterEach(() => resetEventBusForTests());

describe("the upstream scheduler", () => {
  it("refreshes what a person watches every 25 s, a campaign due soon within 60 s, the rest with what is left, within 400 reads an hour", async () => {
    const t = setup();
    (t.fakes.get(DUE) as FakeUpstream).addPost("WAITING_APPROVAL"); // planned an hour from now
    await t.scheduler.tick(); // first fills of all six (two pages each, at this instant)
    const from = t.clock.now() + 1;
    await t.run(20 * 60_000);
    // Every 25 s and a tick: a watcher sees a change within 30 s.
    expect(Math.max(...t.gaps(WATCHED, from))).toBeLessThanOrEqual(27_000);
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
    const stop = eventBus().subscribe((d) => seen.push(d.event));
    const fake = t.fakes.get(WATCHED) as FakeUpstream;
    const waiting = [...fake.posts.values()].find((p) => p.status === "WAITING_APPROVAL") as { task_id: number };
    // Made upstream, by someone else, at a moment the last refresh has just passed.
    fake.setStatus(waiting.task_id, "APPROVED");
    const at = t.clock.now();
    while (!seen.some((e) => e.type === "post" && e.task_id === waiting.task_id) && t.clock.now() - at < 120_000) await t.run(2_000);
    stop();
    expect(t.clock.now() - at).toBeLessThanOrEqual(30_000);
  });

  it("keeps due-soon campaigns within 60 s when watched campaigns alone would take the whole pace", async () => {
    // Six campaigns watched (six every 25 s: 864 reads an hour, twice the pace), three due soon, three others.
    const ids = [21, 22, 23, 24, 25, 26, 31, 32, 33, 41, 42, 43];
    const due = [31, 32, 33];
    const t = setup({ ids, watched: [21, 22, 23, 24, 25, 26] });
    for (const id of due) (t.fakes.get(id) as FakeUpstream).addPost("WAITING_APPROVAL");
    await t.scheduler.tick(); // first fills, outside the pace: more pages than the background lane's minute holds
    await t.run(3 * 60_000); // the last fills done and their reads out of the minute
    const from = t.clock.now() + 1;
    await t.run(20 * 60_000);
    expect(t.scheduler.stats().byClass).toMatchObject({ looked: 6, dueSoon: 3, rest: 3 });
    for (const id of due) {
      const g = t.gaps(id, from);
      expect(g.length).toBeGreaterThanOrEqual(20);
      expect(Math.max(...g)).toBeLessThanOrEqual(60_000);
    }
    // Watched ones share what is left (400 - 3 x 72 = 184 an hour: each about every 2 min), never starved.
    for (const id of [21, 22, 23, 24, 25, 26]) expect(Math.max(...t.gaps(id, from))).toBeLessThanOrEqual(4 * 60_000);
    // Still the pace: no more than 400 an hour, plus the burst.
    expect(t.reads.filter((r) => r.at >= from).length).toBeLessThanOrEqual((400 * 20) / 60 + 8);
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

/**
 * Kept answers (account, projects, campaigns, a campaign's detail: ten
 * minutes fresh, kept in the database): past their freshness a reader gets
 * the copy as it is, and the scheduler reads it again, within its pace and
 * on whichever instance runs it.
 */
describe("the upstream scheduler and kept answers", () => {
  const MIN = 60_000;

  it("an expired answer is shown as it is and read again by the scheduler's tick, not by the read", async () => {
    const t = setup();
    const fake = t.fakes.get(WATCHED) as FakeUpstream;
    // Never held: read now, in people's lane, the reader waiting for it.
    const first = await t.service.campaign(WATCHED);
    expect(fake.count("getCampaign")).toBe(1);
    await t.clock.advance(11 * MIN);
    const expired = await t.service.campaign(WATCHED);
    await t.clock.advance(1_000); // time for a read the answer might have started
    expect(fake.count("getCampaign")).toBe(1);
    expect(expired.meta).toEqual({ stale: false, fetchedAt: first.meta.fetchedAt });
    await t.scheduler.tick();
    expect(fake.count("getCampaign")).toBe(2);
    const after = await t.service.campaign(WATCHED);
    expect(Date.parse(after.meta.fetchedAt)).toBe(t.clock.now() - 0);
    expect(fake.count("getCampaign")).toBe(2);
    // Wanted no more: the next ticks read nothing for it.
    await t.run(20_000);
    expect(fake.count("getCampaign")).toBe(2);
  });

  it("a want made on one instance is read by the scheduler running on another, one read per token of its pace", async () => {
    const clock = new FakeClock(Date.parse("2026-11-20T09:00:00Z"));
    const fake = new FakeUpstream(clock, 11, 30);
    const shared = mirrorDatabase();
    const a = createService(createGateway({ clock, random: () => 0.5 }), fake.api(), { mirror: shared.store() });
    const b = createService(createGateway({ clock, random: () => 0.5 }), fake.api(), { mirror: shared.store() });
    // The job runs on instance a only; its burst is one read, then one every 9 s (400 an hour).
    const scheduler = new UpstreamScheduler({
      store: a.mirror.store,
      refresher: a.mirror.refresher,
      wants: a.mirror.scheduler,
      kept: a.mirror.refreshKept,
      clock,
      campaigns: async () => [],
      config: { burst: 1 },
    });
    await b.campaign(11);
    await b.projects();
    expect([fake.count("getCampaign"), fake.count("listProjects")]).toEqual([1, 1]);
    await clock.advance(11 * MIN);
    await b.campaign(11);
    await b.projects();
    await clock.advance(1_000);
    expect([fake.count("getCampaign"), fake.count("listProjects")]).toEqual([1, 1]);
    expect((await shared.store().wanted()).map((w) => w.key).sort()).toEqual(["campaign:11", "projects"]);
    await scheduler.tick();
    expect(fake.count("getCampaign") + fake.count("listProjects")).toBe(3);
    await clock.advance(9_000);
    await scheduler.tick();
    expect([fake.count("getCampaign"), fake.count("listProjects")]).toEqual([2, 2]);
    expect(await shared.store().wanted()).toEqual([]);
    // Instance b takes the copies a read from the database: fresh, no read of its own.
    const now = clock.now();
    const r = await b.campaign(11);
    expect(now - Date.parse(r.meta.fetchedAt)).toBeLessThanOrEqual(10_000);
    expect(r.meta.stale).toBe(false);
    expect([fake.count("getCampaign"), fake.count("listProjects")]).toEqual([2, 2]);
  });

  it("a campaign asked for on one instance (a webhook there) is refreshed by the scheduler running on another", async () => {
    const clock = new FakeClock(Date.parse("2026-11-20T09:00:00Z"));
    const fake = new FakeUpstream(clock, 11, 30);
    const shared = mirrorDatabase();
    const a = createService(createGateway({ clock, random: () => 0.5 }), fake.api(), { mirror: shared.store() });
    const b = createService(createGateway({ clock, random: () => 0.5 }), fake.api(), { mirror: shared.store() });
    const scheduler = new UpstreamScheduler({ store: a.mirror.store, refresher: a.mirror.refresher, wants: a.mirror.scheduler, clock, campaigns: async () => [] });
    await scheduler.tick();
    expect(fake.count("listCampaignPosts")).toBe(0);
    b.mirror.scheduler.soon(11);
    await clock.advance(100);
    await scheduler.tick();
    expect(fake.count("listCampaignPosts")).toBeGreaterThan(0);
    expect((await a.mirror.store.read(11))?.posts.length).toBe(30);
    // Taken: the next tick does not read it again.
    const after = fake.count("listCampaignPosts");
    await clock.advance(2_000);
    await scheduler.tick();
    expect(fake.count("listCampaignPosts")).toBe(after);
  });

  it("drops a want whose key names nothing it could read, and keeps one whose read failed for a later tick", async () => {
    const t = setup();
    const fake = t.fakes.get(WATCHED) as FakeUpstream;
    await t.service.projects();
    await t.clock.advance(11 * MIN);
    await t.service.projects();
    await t.service.mirror.store.want("campaigns?project_id=&status=ACTIVE;DROP", t.clock.now());
    fake.failNext("listProjects", () => new UpstreamHttpError(500, "internal", "down", "projects"));
    await t.scheduler.tick();
    expect((await t.service.mirror.store.wanted()).map((w) => w.key)).toEqual(["projects"]);
    // The failure shows: the answer is marked stale until the cooldown ends, then read again (once the
    // first fills of the six campaigns, at this tick, have left the background lane's minute).
    expect((await t.service.projects()).meta.stale).toBe(true);
    await t.run(70_000);
    expect(await t.service.mirror.store.wanted()).toEqual([]);
    expect((await t.service.projects()).meta.stale).toBe(false);
  });
});

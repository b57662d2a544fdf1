import { afterEach, describe, expect, it } from "vitest";
import type { DashboardEvent } from "@/lib/events/schema";
import { FakeClock } from "@/lib/server/gateway/clock";
import { createGateway } from "@/lib/server/gateway/gateway";
import { createService, type Service } from "@/lib/server/service/service";
import { DEFAULT_INBOX_CONFIG, type InboxConfig } from "./config";
import { InboxScheduler, type InboxDeps } from "./scheduler";
import { MemorySignals } from "./signals";
import { FakeCampaigns } from "./testing";

const MIN = 60_000;
const HOUR = 60 * MIN;
/** Real polls start at their grid point; a read that ends 15 s later is at most one grid step late. */
const GRID = 15_000;

type Setup = { clock: FakeClock; up: FakeCampaigns; service: Service; events: DashboardEvent[] };
const schedulers: InboxScheduler[] = [];

function world(campaigns: number, o: { dueSoon?: number[]; start?: number } = {}): Setup {
  const clock = new FakeClock(o.start ?? Date.parse("2026-11-20T09:00:03Z"));
  const up = new FakeCampaigns(clock);
  for (let id = 1; id <= campaigns; id++) {
    up.addCampaign(id, { status: id % 4 === 0 ? "FROZEN" : "ACTIVE", projectId: id <= campaigns / 2 ? 1 : 2 });
    up.addPost(id, (o.dueSoon ?? []).includes(id) ? 60 * MIN : 2 * 24 * HOUR);
    up.addPost(id, 3 * 24 * HOUR);
  }
  up.addCampaign(99, { status: "COMPLETED" });
  const service = createService(createGateway({ clock, limits: { readsPerMinute: 60, writesPerMinute: 30, requestsPerHour: 1000 } }), up.api());
  return { clock, up, service, events: [] };
}

function scheduler(s: Setup, o: Partial<InboxDeps> & { config?: Partial<InboxConfig> } = {}): InboxScheduler {
  const x = new InboxScheduler({ service: s.service, clock: s.clock, publish: (e) => s.events.push(e), ...o, config: { ...DEFAULT_INBOX_CONFIG, ...o.config } });
  schedulers.push(x);
  return x;
}

/** One person with the inbox open: a request every 30 s (the page's poll) for `ms`. */
async function watch(s: Setup, x: InboxScheduler | InboxScheduler[], ms: number, o: { campaignIds?: number[] } = {}): Promise<void> {
  const all = Array.isArray(x) ? x : [x];
  const end = s.clock.now() + ms;
  while (s.clock.now() < end) {
    await Promise.all(all.map((one) => one.use(o)));
    await s.clock.advance(Math.min(30_000, end - s.clock.now()));
  }
}

const gaps = (times: number[], from: number, to: number) => {
  const t = [from, ...times.filter((x) => x > from && x <= to), to];
  return Math.max(...t.slice(1).map((v, i) => v - (t[i] as number)));
};

afterEach(() => {
  for (const x of schedulers.splice(0)) x.stop();
});

describe("inbox refresh scheduler", () => {
  it("keeps every campaign within 120 s and one with a post due within 2 h within 30 s, quiet ones polled less", async () => {
    const s = world(8, { dueSoon: [3] });
    const x = scheduler(s);
    const start = s.clock.now();
    await watch(s, x, HOUR);
    for (let id = 1; id <= 8; id++) {
      const gap = gaps(s.up.listTimes(id), start, start + HOUR);
      expect(gap, `campaign ${id}`).toBeLessThanOrEqual(id === 3 ? 30_000 : 120_000);
    }
    expect(s.up.listTimes(3).length).toBeGreaterThan(3 * s.up.listTimes(1).length);
    expect(s.up.listTimes(99)).toEqual([]); // completed campaigns are not the inbox's
    expect(s.up.count(undefined, undefined, start, start + HOUR)).toBeLessThanOrEqual(500);
  });

  it("never spends more than its share of the hourly budget, however many campaigns want more", async () => {
    const dueSoon = Array.from({ length: 20 }, (_, i) => i + 1);
    const s = world(20, { dueSoon });
    const x = scheduler(s);
    const start = s.clock.now();
    await watch(s, x, 2 * HOUR);
    // Every sliding hour, first pass included.
    for (let from = start; from <= start + HOUR; from += 5 * MIN) {
      expect(s.up.count(undefined, undefined, from, from + HOUR - 1), `hour from +${(from - start) / MIN} min`).toBeLessThanOrEqual(500);
    }
    // It does use what it may: 20 campaigns at the 120 s floor alone are 600 an hour, so the plan stretches them evenly.
    expect(s.up.count(undefined, undefined, start + HOUR, start + 2 * HOUR)).toBeGreaterThan(250);
  });

  it("a smaller share is a smaller spend", async () => {
    const s = world(8, { dueSoon: [1, 2, 3, 4] });
    const x = scheduler(s, { config: { ...DEFAULT_INBOX_CONFIG, budgetShare: 0.2 } });
    const start = s.clock.now();
    await watch(s, x, HOUR);
    expect(s.up.count(undefined, undefined, start, start + HOUR)).toBeLessThanOrEqual(200);
  });

  it("shows a notification at once, at no cost, and postpones that campaign's poll", async () => {
    const s = world(4);
    const x = scheduler(s);
    await watch(s, x, 5 * MIN);
    const before = s.up.listTimes(2);
    const last = before[before.length - 1] as number;
    // Halfway to the next poll, a new post arrives with its notification.
    await s.clock.advance(last + 60_000 - s.clock.now());
    const post = s.up.addPost(2, 6 * HOUR);
    const calls = s.up.calls.length;
    x.notify(post);
    const snap = await x.use();
    expect(snap.campaigns.find((c) => c.info.id === 2)?.posts.map((p) => p.task_id)).toContain(post.task_id);
    expect(s.up.calls.length).toBe(calls);
    const notifiedAt = s.clock.now();
    await watch(s, x, 4 * MIN);
    const next = s.up.listTimes(2).find((t) => t > last) as number;
    // Without the notification: last + 120 s. With it: one interval after it (on its grid).
    expect(next).toBeGreaterThan(last + 120_000);
    expect(next - notifiedAt).toBeGreaterThan(120_000 - GRID);
    expect(next - notifiedAt).toBeLessThanOrEqual(120_000);
  });

  it("a notification moving a post out of waiting removes it at once, and a stale list read does not bring it back", async () => {
    const s = world(2);
    const x = scheduler(s);
    const snap = await x.use();
    const post = snap.campaigns[0]?.posts[0];
    if (!post) throw new Error("no waiting post");
    x.notify(s.up.setStatus(post.task_id, "APPROVED"));
    expect(x.snapshot().campaigns[0]?.posts.map((p) => p.task_id)).not.toContain(post.task_id);
    await watch(s, x, 5 * MIN);
    expect(x.snapshot().campaigns[0]?.posts.map((p) => p.task_id)).not.toContain(post.task_id);
  });

  it("spends nothing while no one uses the inbox, and stops a few minutes after the last request", async () => {
    const s = world(8, { dueSoon: [1] });
    const x = scheduler(s);
    await s.clock.advance(HOUR);
    expect(s.up.calls).toEqual([]); // never started
    await watch(s, x, 10 * MIN);
    const lastUse = s.clock.now() - 30_000;
    await s.clock.advance(HOUR);
    expect(s.up.count(undefined, undefined, lastUse + DEFAULT_INBOX_CONFIG.idleMs + GRID)).toBe(0);
    expect(x.stats().running).toBe(false);
    expect(s.clock.pending).toBe(0);
    // The next request starts it again, with a fresh pass.
    const snap = await x.use();
    expect(snap.campaigns).toHaveLength(8);
    expect(x.stats().running).toBe(true);
  });

  it("publishes a campaign event when a poll finds the waiting set changed, not otherwise", async () => {
    const s = world(3);
    const x = scheduler(s);
    await watch(s, x, 3 * MIN);
    expect(s.events).toEqual([]);
    s.up.addPost(2, 5 * HOUR);
    await watch(s, x, 3 * MIN);
    expect(s.events).toEqual([{ type: "campaign", campaign_id: 2, reason: "refresh" }]);
  });

  it("busy campaigns are polled more often than quiet ones, and watched ones first", async () => {
    const s = world(6);
    const x = scheduler(s);
    await watch(s, x, 3 * MIN);
    s.up.addPost(5, 6 * HOUR);
    const start = s.clock.now();
    await watch(s, x, 8 * MIN, { campaignIds: [1] });
    const n = (id: number) => s.up.listTimes(id).filter((t) => t > start + 2 * MIN).length;
    expect(n(5)).toBeGreaterThan(n(2)); // changed lately: 60 s
    expect(n(1)).toBeGreaterThan(n(2)); // looked at: one step faster
  });

  it("drops a post decided elsewhere as soon as its event arrives", async () => {
    const s = world(2);
    let listener: ((e: DashboardEvent) => void) | undefined;
    const x = scheduler(s, { subscribe: (l) => ((listener = l), () => (listener = undefined)) });
    const post = (await x.use()).campaigns[1]?.posts[0];
    if (!post) throw new Error("no waiting post");
    listener?.({ type: "post", task_id: post.task_id, campaign_id: post.campaign_id, status: "CANCELED", reason: "decision" });
    expect(x.snapshot().campaigns[1]?.posts.map((p) => p.task_id)).not.toContain(post.task_id);
  });

  it("two instances (one shared cache, shared signals) cost what one costs", async () => {
    const one = world(8, { dueSoon: [2] });
    await watch(one, scheduler(one), HOUR, { campaignIds: [5] });
    const two = world(8, { dueSoon: [2] });
    const signals = new MemorySignals();
    const a = scheduler(two, { signals });
    const b = scheduler(two, { signals });
    // Different people, different filters, started at different moments.
    await watch(two, a, 7 * MIN + 11_000, { campaignIds: [5] });
    await watch(two, [a, b], HOUR - 7 * MIN - 11_000, { campaignIds: [5] });
    // The second instance's first pass may load each campaign once (it reads before knowing the slots); nothing after.
    const single = one.up.calls.length;
    expect(two.up.calls.length).toBeLessThanOrEqual(single + 8);
    const lateStart = two.clock.now() - (HOUR - 7 * MIN - 11_000) + GRID;
    expect(two.up.count(undefined, undefined, lateStart)).toBeLessThanOrEqual(one.up.count(undefined, undefined, lateStart) + 1);
  });
});

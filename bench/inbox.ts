/**
 * Inbox refresh benchmark: `npx tsx bench/inbox.ts [minutes=60]`.
 *
 * One person keeps the inbox open (a request every 30 s) for a simulated hour
 * on the simulator's world (seed 42, its 8 active or frozen campaigns, rate
 * limits ON), through the real gateway, service and inbox scheduler, on a
 * fake clock. Only `Date` is faked besides (sockets and timers stay real) and
 * moved with the clock, so the simulator's limiter and world see the same
 * hour. The hour starts 20 h into the world, when a frozen campaign has a post
 * due within 2 h; every 5 minutes a change is made outside the API (a post
 * canceled or approved in the service's own UI, posts generated, an approved
 * post sent back for approval: it becomes due soon), on top of the world's own
 * (generation, new versions, publication).
 *
 * Run twice: polling only, and with webhooks flowing (every change in an
 * active or frozen campaign notified 1 s after it happened, as the webhook
 * route would: the cached post and lists dropped, the inbox told). Prints the
 * inbox's upstream calls ÷ the hourly budget, the largest gap between refreshes
 * per campaign (and while a campaign has a post due within 2 h), and how long
 * a change takes to show in the inbox.
 *
 * The service modules import "server-only", which resolves to an empty module
 * only under the "react-server" condition: the script re-runs itself with it.
 */
import { once } from "node:events";
import { existsSync } from "node:fs";
import { runAsServerCode } from "./server-conditions";

const MIN = 60_000;
const WORLD_START = Date.parse("2026-11-20T09:00:00+03:00");
const HOUR_START = WORLD_START + 20 * 60 * MIN;
const STEP_MS = 250;
const WEBHOOK_DELAY_MS = 1000;
const BUDGET = 1000;
const DUE_SOON_MS = 120 * MIN;

/** `Date` on a hand-moved clock: `new Date()` and `Date.now()` follow `set`. */
function fakeDate(start: number) {
  const Real = Date;
  let now = start;
  class Fake extends Real {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(now);
      else super(...(args as [string | number]));
    }
    static override now(): number {
      return now;
    }
  }
  globalThis.Date = Fake as DateConstructor;
  return { set: (t: number) => void (now = t) };
}

type Change = { id: number; campaignId: number; at: number; waiting: boolean; updatedAt: string | null; shownAt?: number };
type Mode = { label: string; webhooks: boolean; instances: number };
type Result = Mode & {
  calls: Record<string, number>;
  total: number;
  tooMany: number;
  gaps: Map<number, number>;
  dueGaps: Map<number, number>;
  eventGaps: Map<number, number>;
  dueEventGaps: Map<number, number>;
  changes: Change[];
  notifications: number;
  events: number;
  wallMs: number;
};

const MODES: Mode[] = [
  { label: "Polling only", webhooks: false, instances: 1 },
  { label: "With webhooks (each change notified 1 s after it)", webhooks: true, instances: 1 },
  { label: "Three instances on one Redis, with webhooks (requests and notifications spread over them)", webhooks: true, instances: 3 },
];

async function main(): Promise<void> {
  const minutes = Number(process.argv[2] ?? 60);
  const dates = fakeDate(WORLD_START);
  const { startSimulator } = await import("../simulator/server");
  const { postJson } = await import("../simulator/serialize");
  const { FakeClock, flushMicrotasks } = await import("../lib/server/gateway/clock");
  const { countingApi, embeddedInstance, productionInstances } = await import("../lib/server/service/crowd");
  const { InboxScheduler } = await import("../lib/server/inbox/scheduler");
  const { DEFAULT_INBOX_CONFIG } = await import("../lib/server/inbox/config");
  const { RedisSignals } = await import("../lib/server/inbox/signals");
  const { connectRedis } = await import("../lib/server/redis");
  const { startRedis } = await import("../test/servers/redis");
  const { Post } = await import("../lib/schemas");
  const upstream = await import("../lib/upstream");
  type Api = import("../lib/server/service/service").UpstreamApi;
  type Scheduler = import("../lib/server/inbox/scheduler").InboxScheduler;
  type RefreshRecord = import("../lib/server/inbox/scheduler").RefreshRecord;
  type Redis = import("ioredis").Redis;

  async function run(mode: Mode): Promise<Result> {
    dates.set(WORLD_START);
    const sim = await startSimulator({ port: 0, limits: true, timeScale: 1, admin: true, startTime: WORLD_START, tickMs: 3_600_000, seed: 42 });
    const redisServer = mode.instances > 1 ? await startRedis() : undefined;
    const connections: Redis[] = [];
    const connect = async (name: string) => {
      const c = connectRedis(redisServer?.url ?? "", name);
      connections.push(c);
      if (c.status !== "ready") await once(c, "ready");
      return c;
    };
    const started = performance.now();
    try {
      upstream.setUpstreamConfigForTests({ baseUrl: sim.url, apiKey: "demo-key", timeoutMs: 10_000 });
      dates.set(HOUR_START);
      const world = () => sim.state.world;
      sim.state.sync();
      const clock = new FakeClock(HOUR_START, (t) => dates.set(t));
      // Every list read on the wire, by campaign and time: the refreshes whose gaps are measured.
      const reads: { campaignId: number; at: number }[] = [];
      const logged: Api = {
        ...upstream,
        listCampaignPosts: (id, q, o) => (reads.push({ campaignId: id, at: clock.now() }), upstream.listCampaignPosts(id, q, o)),
      };
      const base = countingApi(logged);
      const prefix = `bench:inbox:${process.pid}`;
      const instances = redisServer ? await productionInstances(mode.instances, { clock, api: base.api, prefix, connect }) : embeddedInstance(clock, base.api);
      const wire = instances.wire(base);
      const subscribers: Redis[] = [];
      const records: RefreshRecord[] = [];
      let events = 0;
      const schedulers: Scheduler[] = [];
      for (const [i, service] of instances.services.entries()) {
        const signals = redisServer
          ? new RedisSignals({ redis: await connect(`inbox${i}`), subscriber: subscribers[subscribers.push(await connect(`inbox${i}-sub`)) - 1] as Redis, prefix })
          : undefined;
        schedulers.push(
          new InboxScheduler({
            service,
            clock,
            signals,
            config: { ...DEFAULT_INBOX_CONFIG, hourlyBudget: BUDGET, dueSoonMs: DUE_SOON_MS },
            publish: () => void events++,
            onRefresh: (r) => records.push(r),
          }),
        );
      }
      const inbox = (c: number) => world().campaigns.some((x) => x.id === c && (x.status === "ACTIVE" || x.status === "FROZEN"));
      const deliveries: { at: number; post: import("../lib/schemas").Post }[] = [];
      const seen = new Map<number, { updatedAt: number | null; status: string }>();
      const scan = (now: number, record: boolean): Change[] => {
        const out: Change[] = [];
        for (const p of world().posts) {
          const before = seen.get(p.id);
          if (before && before.updatedAt === p.updatedAt && before.status === p.status) continue;
          seen.set(p.id, { updatedAt: p.updatedAt, status: p.status });
          if (!record || !inbox(p.campaignId)) continue;
          const post = Post.parse(postJson(world(), p, sim.state.links));
          const waiting = p.status === "WAITING_APPROVAL";
          if (waiting || before?.status === "WAITING_APPROVAL") out.push({ id: p.id, campaignId: p.campaignId, at: now, waiting, updatedAt: post.updated_at });
          if (mode.webhooks) deliveries.push({ at: now + WEBHOOK_DELAY_MS, post });
        }
        return out;
      };
      scan(clock.now(), false);
      const act = changesOutside(sim.url, () => world(), inbox);

      const changes: Change[] = [];
      const end = HOUR_START + minutes * MIN;
      let nextUse = HOUR_START;
      let nextAction = HOUR_START + 2 * MIN;
      let turn = 0;
      while (clock.now() < end) {
        const now = clock.now();
        if (now >= nextAction) {
          await act(now);
          nextAction += 5 * MIN;
        }
        sim.state.sync();
        changes.push(...scan(now, true));
        for (const d of deliveries.filter((x) => x.at <= now)) {
          deliveries.splice(deliveries.indexOf(d), 1);
          // What the webhook route does, on whichever instance the notification reaches.
          const i = turn++ % schedulers.length;
          instances.services[i]?.invalidatePost(d.post.task_id, d.post.campaign_id);
          schedulers[i]?.notify(d.post);
        }
        if (now >= nextUse) {
          // The page's poll, served by each instance in turn.
          void schedulers[(nextUse - HOUR_START) / 30_000 % schedulers.length]?.use().catch((e: unknown) => console.error("inbox request failed", e));
          nextUse += 30_000;
        }
        for (const c of changes) {
          if (c.shownAt !== undefined) continue;
          // Shown when every instance shows it: the person may be answered by any of them.
          const ok = schedulers.every((x) => {
            const shown = x.snapshot().campaigns.find((e) => e.info.id === c.campaignId)?.posts.find((p) => p.task_id === c.id);
            return c.waiting ? shown !== undefined && shown.updated_at === c.updatedAt : shown === undefined;
          });
          if (ok) c.shownAt = now;
        }
        await flushMicrotasks();
        for (;;) {
          while (wire.inflight() > 0) await new Promise((r) => setTimeout(r, 1));
          if (!wire.settle) break;
          await wire.settle();
          await Promise.all(subscribers.map((x) => x.ping()));
          await flushMicrotasks();
          if (wire.inflight() === 0) break;
        }
        await clock.advance(STEP_MS);
      }
      for (const x of schedulers) x.stop();
      // Reads already under way finish before the connections close.
      for (let i = 0; i < 50 && wire.inflight() > 0; i++) await new Promise((r) => setTimeout(r, 10));
      await wire.settle?.();
      instances.close();
      const ids = world().campaigns.filter((c) => inbox(c.id)).map((c) => c.id);
      return {
        ...mode,
        calls: { ...base.counts },
        total: Object.values(base.counts).reduce((a, b) => a + b, 0),
        tooMany: (sim.state.stats.toJson() as { by_status?: Record<string, number> }).by_status?.["429"] ?? 0,
        ...gapsOf(reads, records, ids, HOUR_START, end, (id, t) => dueSoonAt(world().posts, id, t)),
        changes,
        notifications: new Set(records.filter((r) => r.kind === "notification").map((r) => `${r.campaignId}@${r.at}`)).size,
        events,
        wallMs: performance.now() - started,
      };
    } finally {
      upstream.setUpstreamConfigForTests(undefined);
      for (const c of connections) c.disconnect();
      await redisServer?.stop();
      await sim.close();
    }
  }

  const results: Result[] = [];
  for (const mode of MODES) {
    if (mode.instances > 1 && !["/usr/bin/redis-server", "/usr/local/bin/redis-server"].some((b) => existsSync(b))) {
      console.log(`(skipped: ${mode.label}: redis-server is not installed)`);
      continue;
    }
    results.push(await run(mode));
  }
  print(results, minutes);
}

type SimWorld = import("../simulator/world/state").World;

/**
 * Every 5 minutes, a change made outside the API (the simulator's admin
 * routes), in turn: an approved post sent back for approval (the soonest one
 * planned more than 2 h ahead, so it becomes due soon), a waiting post
 * canceled, posts generated, a waiting post approved.
 */
function changesOutside(simUrl: string, world: () => SimWorld, inbox: (campaignId: number) => boolean) {
  let rand = 11;
  const random = () => (rand = (Math.imul(rand, 1103515245) + 12345) >>> 0) / 4294967296;
  const pick = <T>(xs: T[]): T | undefined => xs[Math.floor(random() * xs.length)];
  const post = (path: string, body: unknown) =>
    fetch(`${simUrl}/__admin/${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  let turn = 0;
  return async (now: number) => {
    const posts = world().posts.filter((p) => inbox(p.campaignId));
    const waiting = posts.filter((p) => p.status === "WAITING_APPROVAL");
    const kind = turn++ % 4;
    if (kind === 0) {
      const back = posts.filter((p) => p.status === "APPROVED" && p.publishedAt !== null && p.publishedAt > now + DUE_SOON_MS);
      const p = back.sort((a, b) => (a.publishedAt ?? 0) - (b.publishedAt ?? 0))[0];
      if (p) await post(`posts/${p.id}/status`, { status: "WAITING_APPROVAL" });
    } else if (kind === 2) {
      const c = pick(world().campaigns.filter((x) => x.status === "ACTIVE" && x.approvalMode !== "AUTO"));
      if (c) await post(`campaigns/${c.id}/generate`, { count: 1 + Math.floor(random() * 2) });
    } else {
      const p = pick(waiting);
      if (p) await post(`posts/${p.id}/status`, { status: kind === 1 ? "CANCELED" : "APPROVED" });
    }
  };
}

type WorldPost = { campaignId: number; status: string; publishedAt: number | null };

/** Whether the campaign truly had a waiting post due within the window (or just overdue) at `t`. */
function dueSoonAt(posts: readonly WorldPost[], campaignId: number, t: number): boolean {
  return posts.some((p) => p.campaignId === campaignId && p.status === "WAITING_APPROVAL" && p.publishedAt !== null && Math.abs(p.publishedAt - t) <= DUE_SOON_MS);
}

function gapsOf(
  reads: readonly { campaignId: number; at: number }[],
  records: readonly { campaignId: number; at: number; kind: string }[],
  ids: readonly number[],
  from: number,
  to: number,
  dueSoon: (id: number, t: number) => boolean,
) {
  const gaps = new Map<number, number>();
  const dueGaps = new Map<number, number>();
  const eventGaps = new Map<number, number>();
  const dueEventGaps = new Map<number, number>();
  const steps = (times: number[]) => {
    const points = [from, ...[...new Set(times)].sort((a, b) => a - b), to];
    return points.slice(1).map((t, i) => ({ end: t, gap: t - (points[i] as number) }));
  };
  for (const id of ids) {
    const mine = reads.filter((r) => r.campaignId === id).map((r) => r.at);
    gaps.set(id, Math.max(...steps(mine).map((x) => x.gap)));
    const notified = records.filter((r) => r.campaignId === id && r.kind === "notification").map((r) => r.at);
    eventGaps.set(id, Math.max(...steps([...mine, ...notified]).map((x) => x.gap)));
    // Gaps that end while the campaign has a post due soon (by the world's truth at that moment).
    const due = steps(mine).filter((x) => x.end < to && dueSoon(id, x.end));
    if (due.length > 0) dueGaps.set(id, Math.max(...due.map((x) => x.gap)));
    const dueEvents = steps([...mine, ...notified]).filter((x) => x.end < to && dueSoon(id, x.end));
    if (dueEvents.length > 0) dueEventGaps.set(id, Math.max(...dueEvents.map((x) => x.gap)));
  }
  return { gaps, dueGaps, eventGaps, dueEventGaps };
}

function print(results: Result[], minutes: number): void {
  const s = (ms: number) => `${Math.round(ms / 1000)} s`;
  const pct = (n: number) => `${((100 * n) / BUDGET).toFixed(1)} %`;
  console.log(`Inbox refresh, ${minutes} simulated min on the simulator's world (seed 42, limits on), one person with the inbox open:`);
  for (const r of results) {
    const shown = r.changes.filter((c) => c.shownAt !== undefined).map((c) => (c.shownAt as number) - c.at).sort((a, b) => a - b);
    const median = shown[Math.floor(shown.length / 2)] ?? 0;
    console.log(`\n${r.label}:  ${(r.wallMs / 1000).toFixed(1)} s wall`);
    console.log(`  upstream calls ${r.total} = ${pct(r.total)} of the hourly budget (${Object.entries(r.calls).map(([k, v]) => `${k} ${v}`).join(", ")}); simulator 429s: ${r.tooMany}`);
    console.log(`  largest gap between list reads, per campaign: ${[...r.gaps].map(([id, g]) => `${id} ${s(g)}`).join(", ")}  (max ${s(Math.max(...r.gaps.values()))})`);
    console.log(`  ... while a post was due within 2 h: ${[...r.dueGaps].map(([id, g]) => `${id} ${s(g)}`).join(", ") || "none"}`);
    if (r.webhooks) {
      const due = [...r.dueEventGaps.values()];
      console.log(
        `  counting notifications as refreshes (they postpone polls): largest gap ${s(Math.max(...r.eventGaps.values()))}, ` +
          `while a post was due within 2 h ${due.length ? s(Math.max(...due)) : "-"}; notifications ${r.notifications}`,
      );
    }
    console.log(
      `  change → shown in the inbox: ${shown.length}/${r.changes.length} changes, median ${(median / 1000).toFixed(2)} s, max ${((shown.at(-1) ?? 0) / 1000).toFixed(2)} s; campaign events published ${r.events}`,
    );
  }
}

await runAsServerCode(import.meta.url, main);

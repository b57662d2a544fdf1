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
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const CONDITION = "--conditions=react-server";
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
type Result = {
  webhooks: boolean;
  calls: Record<string, number>;
  total: number;
  tooMany: number;
  gaps: Map<number, number>;
  dueGaps: Map<number, number>;
  eventGaps: Map<number, number>;
  changes: Change[];
  notifications: number;
  events: number;
  wallMs: number;
};

async function main(): Promise<void> {
  const minutes = Number(process.argv[2] ?? 60);
  const dates = fakeDate(WORLD_START);
  const { startSimulator } = await import("../simulator/server");
  const { postJson } = await import("../simulator/serialize");
  const { FakeClock, flushMicrotasks } = await import("../lib/server/gateway/clock");
  const { createGateway } = await import("../lib/server/gateway/gateway");
  const { createService } = await import("../lib/server/service/service");
  const { countingApi } = await import("../lib/server/service/crowd");
  const { InboxScheduler } = await import("../lib/server/inbox/scheduler");
  const { DEFAULT_INBOX_CONFIG } = await import("../lib/server/inbox/config");
  const { Post } = await import("../lib/schemas");
  const upstream = await import("../lib/upstream");
  type Record_ = import("../lib/server/inbox/scheduler").RefreshRecord;

  async function run(webhooks: boolean): Promise<Result> {
    dates.set(WORLD_START);
    const sim = await startSimulator({ port: 0, limits: true, timeScale: 1, admin: true, startTime: WORLD_START, tickMs: 3_600_000, seed: 42 });
    const started = performance.now();
    try {
      upstream.setUpstreamConfigForTests({ baseUrl: sim.url, apiKey: "demo-key", timeoutMs: 10_000 });
      dates.set(HOUR_START);
      const world = () => sim.state.world;
      sim.state.sync();
      const clock = new FakeClock(HOUR_START, (t) => dates.set(t));
      const wire = countingApi(upstream);
      const service = createService(createGateway({ clock }), wire.api);
      const records: Record_[] = [];
      let events = 0;
      const scheduler = new InboxScheduler({
        service,
        clock,
        config: { ...DEFAULT_INBOX_CONFIG, hourlyBudget: BUDGET, dueSoonMs: DUE_SOON_MS },
        publish: () => void events++,
        onRefresh: (r) => records.push(r),
      });
      const inbox = (c: number) => new Set(world().campaigns.filter((x) => x.status === "ACTIVE" || x.status === "FROZEN").map((x) => x.id)).has(c);
      const seen = new Map<number, { updatedAt: number | null; status: string }>();
      const scan = (now: number, record: boolean): Change[] => {
        const out: Change[] = [];
        for (const p of world().posts) {
          const before = seen.get(p.id);
          if (before && before.updatedAt === p.updatedAt && before.status === p.status) continue;
          seen.set(p.id, { updatedAt: p.updatedAt, status: p.status });
          if (!record || !inbox(p.campaignId)) continue;
          const waiting = p.status === "WAITING_APPROVAL";
          const updatedAt = (postJson(world(), p, sim.state.links).updated_at as string | null) ?? null;
          if (waiting || before?.status === "WAITING_APPROVAL") out.push({ id: p.id, campaignId: p.campaignId, at: now, waiting, updatedAt });
          if (webhooks) deliveries.push({ at: now + WEBHOOK_DELAY_MS, post: Post.parse(postJson(world(), p, sim.state.links)) });
        }
        return out;
      };
      const deliveries: { at: number; post: import("../lib/schemas").Post }[] = [];
      scan(clock.now(), false);

      let rand = 11;
      const random = () => ((rand = (Math.imul(rand, 1103515245) + 12345) >>> 0) / 4294967296);
      const adminPost = (path: string, body: unknown) =>
        fetch(`${sim.url}/__admin/${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      const live = () => world().campaigns.filter((c) => inbox(c.id));
      const pick = <T>(xs: T[]): T | undefined => xs[Math.floor(random() * xs.length)];
      let action = 0;
      const act = async (now: number) => {
        const posts = world().posts.filter((p) => inbox(p.campaignId));
        const waiting = posts.filter((p) => p.status === "WAITING_APPROVAL");
        const kind = action++ % 4;
        if (kind === 0) {
          // Sent back for approval in the service's own UI, planned a little over 2 h from now: it becomes due soon.
          const back = posts.filter((p) => p.status === "APPROVED" && p.publishedAt !== null && p.publishedAt > now + DUE_SOON_MS);
          const p = back.sort((a, b) => (a.publishedAt ?? 0) - (b.publishedAt ?? 0))[0];
          if (p) await adminPost(`posts/${p.id}/status`, { status: "WAITING_APPROVAL" });
        } else if (kind === 1) {
          const p = pick(waiting);
          if (p) await adminPost(`posts/${p.id}/status`, { status: "CANCELED" });
        } else if (kind === 2) {
          const c = pick(live().filter((x) => x.status === "ACTIVE" && x.approvalMode !== "AUTO"));
          if (c) await adminPost(`campaigns/${c.id}/generate`, { count: 1 + Math.floor(random() * 2) });
        } else {
          const p = pick(waiting);
          if (p) await adminPost(`posts/${p.id}/status`, { status: "APPROVED" });
        }
      };

      const changes: Change[] = [];
      const end = HOUR_START + minutes * MIN;
      let nextUse = HOUR_START;
      let nextAction = HOUR_START + 2 * MIN;
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
          service.invalidatePost(d.post.task_id, d.post.campaign_id);
          scheduler.notify(d.post);
        }
        if (now >= nextUse) {
          void scheduler.use().catch((e: unknown) => console.error("inbox request failed", e));
          nextUse += 30_000;
        }
        for (const c of changes) {
          if (c.shownAt !== undefined) continue;
          const shown = scheduler.snapshot().campaigns.find((e) => e.info.id === c.campaignId)?.posts.find((p) => p.task_id === c.id);
          if (c.waiting ? shown !== undefined && shown.updated_at === c.updatedAt : shown === undefined) c.shownAt = now;
        }
        await flushMicrotasks();
        while (wire.inflight() > 0) await new Promise((r) => setTimeout(r, 1));
        await clock.advance(STEP_MS);
      }
      scheduler.stop();
      return {
        webhooks,
        calls: { ...wire.counts },
        total: Object.values(wire.counts).reduce((a, b) => a + b, 0),
        tooMany: Number(sim.state.stats.toJson().by_status?.["429"] ?? 0),
        ...gapsOf(records, live().map((c) => c.id), HOUR_START, end, (id, t) => dueSoonAt(world().posts, id, t)),
        changes,
        notifications: records.filter((r) => r.kind === "notification").length,
        events,
        wallMs: performance.now() - started,
      };
    } finally {
      upstream.setUpstreamConfigForTests(undefined);
      await sim.close();
    }
  }

  const results = [await run(false), await run(true)];
  print(results, minutes);
}

type WorldPost = { campaignId: number; status: string; publishedAt: number | null };

/** Whether the campaign truly had a waiting post due within the window (or just overdue) at `t`. */
function dueSoonAt(posts: readonly WorldPost[], campaignId: number, t: number): boolean {
  return posts.some((p) => p.campaignId === campaignId && p.status === "WAITING_APPROVAL" && p.publishedAt !== null && Math.abs(p.publishedAt - t) <= DUE_SOON_MS);
}

function gapsOf(
  records: readonly { campaignId: number; at: number; kind: string; loaded: boolean }[],
  ids: readonly number[],
  from: number,
  to: number,
  dueSoon: (id: number, t: number) => boolean,
) {
  const gaps = new Map<number, number>();
  const dueGaps = new Map<number, number>();
  const eventGaps = new Map<number, number>();
  const largest = (times: number[]) => Math.max(...[from, ...times, to].slice(1).map((t, i, a) => t - (i === 0 ? from : (a[i - 1] as number))));
  for (const id of ids) {
    const reads = records.filter((r) => r.campaignId === id && r.kind === "read" && r.loaded).map((r) => r.at);
    gaps.set(id, largest(reads));
    eventGaps.set(id, largest(records.filter((r) => r.campaignId === id && (r.loaded || r.kind === "notification")).map((r) => r.at)));
    // Gaps that end while the campaign has a post due soon (judged by the world's truth at the end of the gap).
    const points = [from, ...reads];
    let due = 0;
    for (let i = 1; i < points.length; i++) if (dueSoon(id, points[i] as number)) due = Math.max(due, (points[i] as number) - (points[i - 1] as number));
    if (due > 0) dueGaps.set(id, due);
  }
  return { gaps, dueGaps, eventGaps };
}

function print(results: Result[], minutes: number): void {
  const s = (ms: number) => `${Math.round(ms / 1000)} s`;
  const pct = (n: number) => `${((100 * n) / BUDGET).toFixed(1)} %`;
  console.log(`Inbox refresh, ${minutes} simulated min on the simulator's world (seed 42, limits on), one person with the inbox open:`);
  for (const r of results) {
    const shown = r.changes.filter((c) => c.shownAt !== undefined).map((c) => (c.shownAt as number) - c.at).sort((a, b) => a - b);
    const median = shown[Math.floor(shown.length / 2)] ?? 0;
    console.log(`\n${r.webhooks ? "With webhooks (notified 1 s after each change)" : "Polling only"}:  ${(r.wallMs / 1000).toFixed(1)} s wall`);
    console.log(`  upstream calls ${r.total} = ${pct(r.total)} of the hourly budget (${Object.entries(r.calls).map(([k, v]) => `${k} ${v}`).join(", ")}); simulator 429s: ${r.tooMany}`);
    console.log(`  largest gap between list reads, per campaign: ${[...r.gaps].map(([id, g]) => `${id} ${s(g)}`).join(", ")}  (max ${s(Math.max(...r.gaps.values()))})`);
    console.log(`  ... while a post was due within 2 h: ${[...r.dueGaps].map(([id, g]) => `${id} ${s(g)}`).join(", ") || "none"}`);
    if (r.webhooks) {
      console.log(`  largest gap counting notifications as refreshes: max ${s(Math.max(...r.eventGaps.values()))}; notifications ${r.notifications}`);
    }
    console.log(
      `  change → shown in the inbox: ${shown.length}/${r.changes.length} changes, median ${(median / 1000).toFixed(2)} s, max ${((shown.at(-1) ?? 0) / 1000).toFixed(2)} s; campaign events published ${r.events}`,
    );
  }
}

if (process.execArgv.includes(CONDITION)) {
  await main();
} else {
  const child = spawnSync(process.execPath, [...process.execArgv, CONDITION, fileURLToPath(import.meta.url), ...process.argv.slice(2)], { stdio: "inherit" });
  process.exitCode = child.status ?? 1;
}

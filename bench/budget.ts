/**
 * Request-budget benchmark: `npm run bench:budget [-- minutes=4]`.
 *
 * Three people against the service layer (the dashboard's gateway, service,
 * campaign mirror and inbox, as the pages and routes call them) and the
 * simulator with its real limits on (60 reads a minute, 1,000 requests an
 * hour) and its world moving: a manager (overview, campaigns, a campaign's
 * engagement), an editor (inbox, a queue, a post) and a reviewer (a queue, a
 * post), each opening a page every 10 s. Time is simulated: one fake clock
 * drives the dashboard and the simulator (its limiter and world clock read
 * `Date.now`, replaced here), and stands still while a request is on the wire.
 *
 * Prints reads per minute (people and background together), refusals and
 * outages seen by a person, the first minute of a restarted dashboard whose
 * database is filled, and 3 instances (Redis budget, one database) against 1. What a page calls is written in PAGES below; the
 * engagement page's series come from the collector's tables (no upstream read),
 * so it costs its campaign's detail here.
 *
 * The service modules import "server-only": the script re-runs itself with
 * bench/server-only-stub.mjs, which resolves it to an empty module (the
 * "react-server" condition would too, but hides the React hooks i18n imports).
 */
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

async function main(): Promise<void> {
  const minutes = Number(process.argv[2] ?? 4);
  const { flushMicrotasks } = await import("../lib/server/gateway/clock");
  const { FakeClock } = await import("../test/support/fake-clock");
  const START = Math.floor(Date.now() / 60_000) * 60_000;
  const clock = new FakeClock(START);
  // The simulator's limiter and world clock take Date.now when they are built: from here on, simulated time.
  Date.now = () => clock.now();

  const { startSimulator } = await import("../simulator/server");
  const { startRedis } = await import("../test/servers/redis");
  const { connectRedis } = await import("../lib/server/redis");
  const { createGateway } = await import("../lib/server/gateway/gateway");
  const { createService } = await import("../lib/server/service/service");
  const { countingApi, productionInstances } = await import("../test/support/crowd");
  const { mirrorDatabase } = await import("../lib/server/mirror");
  const { InboxScheduler } = await import("../lib/server/inbox/scheduler");
  const { DEFAULT_INBOX_CONFIG } = await import("../lib/server/inbox/config");
  const { CAMPAIGN_STATUSES } = await import("../lib/schemas");
  const upstream = await import("@/lib/server/upstream");
  type Service = ReturnType<typeof createService>;
  type Inbox = InstanceType<typeof InboxScheduler>;
  type Wire = { inflight: () => number; settle?: () => Promise<void> };

  const dir = mkdtempSync(path.join(tmpdir(), "bench-budget-"));
  const realTick = () => new Promise<void>((resolve) => setTimeout(resolve, 1));

  /** Every upstream call with its simulated time. */
  const log: { at: number; op: string }[] = [];
  const recorded = countingApi(
    Object.fromEntries(
      Object.entries(upstream).map(([name, fn]) => [name, (...a: unknown[]) => (log.push({ at: clock.now(), op: name }), (fn as (...x: unknown[]) => unknown)(...a))]),
    ) as never,
  );
  const api = recorded.api;
  const isRead = (op: string) => op !== "approvePost" && op !== "rejectPost";

  type App = { service: Service; inbox: Inbox };
  const appOf = (service: Service): App => ({ service, inbox: new InboxScheduler({ service, clock, config: DEFAULT_INBOX_CONFIG }) });
  // Background refreshes belong to the upstream scheduler (lib/server/scheduler), not run here: people's reads only.
  const schedule = {};

  type Person = { name: string; pages: string[]; next: number; step: number; head: number[]; campaign: number };
  type Outcome = { pages: number; refused: number; outages: string[]; staleAnswers: number };

  /** What each page reads: its server render's reads and the routes its browser calls (and the header's inbox count). */
  async function page(app: App, p: Person, name: string, o: Outcome): Promise<void> {
    const s = app.service;
    const note = (r: { meta: { stale: boolean } }) => (r.meta.stale ? o.staleAnswers++ : undefined);
    const inbox = await app.inbox.use();
    const campaigns = inbox.campaigns.map((e) => e.info.id);
    p.campaign = campaigns[(p.step >> 1) % Math.max(1, campaigns.length)] ?? p.campaign;
    switch (name) {
      case "overview": {
        note(await s.account());
        note(await s.projects());
        const all = await s.campaigns({ status: [...CAMPAIGN_STATUSES] });
        for (const c of all.data.campaigns.filter((x) => x.status === "ACTIVE")) {
          note(await s.campaign(c.id));
          note(await s.campaignPosts(c.id, { status: ["FAILED"], limit: 5 }));
        }
        break;
      }
      case "campaigns":
        note(await s.projects());
        note(await s.campaigns({ status: ["ACTIVE", "FROZEN"] }));
        break;
      case "engagement":
        note(await s.campaign(p.campaign));
        break;
      case "inbox":
        for (const id of campaigns.slice(0, 3)) note(await s.campaign(id));
        break;
      case "queue": {
        note(await s.campaign(p.campaign));
        const r = await s.campaignPosts(p.campaign, { status: ["WAITING_APPROVAL"], sort: "publish_at", limit: 20 }, "interactive", { maxAgeMs: 15_000 });
        note(r);
        p.head = r.data.posts.slice(0, 5).map((x) => x.task_id);
        break;
      }
      case "post": {
        const id = p.head[p.step % Math.max(1, p.head.length)];
        if (id === undefined) break;
        const r = await s.post(id);
        note(r);
        note(await s.campaign(r.data.campaign_id));
        break;
      }
    }
  }

  /** The three people for `ms` of simulated time, person i on app i mod n. */
  async function work(apps: readonly App[], wire: Wire, ms: number): Promise<Outcome> {
    const o: Outcome = { pages: 0, refused: 0, outages: [], staleAnswers: 0 };
    const start = clock.now();
    const people: Person[] = [
      { name: "manager", pages: ["overview", "campaigns", "engagement"], next: start, step: 0, head: [], campaign: 0 },
      { name: "editor", pages: ["inbox", "queue", "post"], next: start + 3_000, step: 0, head: [], campaign: 0 },
      { name: "reviewer", pages: ["queue", "post"], next: start + 6_000, step: 0, head: [], campaign: 0 },
    ];
    const pending = new Set<Promise<void>>();
    const end = start + ms;
    for (;;) {
      const now = clock.now();
      people.forEach((p, i) => {
        if (p.next > now || now >= end) return;
        const name = p.pages[p.step % p.pages.length] as string;
        p.step++;
        p.next = now + 10_000;
        o.pages++;
        const run: Promise<void> = page(apps[i % apps.length] as App, p, name, o)
          .catch((e: unknown) => {
            o.refused++;
            o.outages.push(`${p.name} ${name}: ${e instanceof Error ? e.message : String(e)}`);
          })
          .finally(() => pending.delete(run));
        pending.add(run);
      });
      await flushMicrotasks();
      if (now >= end && pending.size === 0) break;
      if (wire.inflight() > 0) {
        await realTick();
        continue;
      }
      if (wire.settle) {
        await wire.settle();
        await flushMicrotasks();
        if (wire.inflight() > 0) continue;
      }
      // Database work of the mirror is not on the wire: give it a real moment before time moves.
      await realTick();
      if (wire.inflight() > 0) continue;
      const nextPerson = now >= end ? Infinity : Math.min(...people.map((p) => p.next), end);
      const target = Math.min(clock.nextTimerAt() ?? Infinity, nextPerson);
      if (!Number.isFinite(target)) {
        await realTick();
        continue;
      }
      // A timer due now (a refresh asked for at once) fires with advance(0).
      await clock.advance(Math.max(0, target - now));
      if (process.env.BENCH_BUDGET_TRACE && Math.floor(clock.now() / 60_000) !== Math.floor(now / 60_000)) console.log("minute", new Date(clock.now()).toISOString(), log.length);
    }
    return o;
  }

  async function withSimulator<T>(run: () => Promise<T>): Promise<T> {
    const sim = await startSimulator({ port: 0, limits: true, timeScale: 1, startTime: clock.now(), tickMs: 1_000, seed: 42 });
    upstream.setUpstreamConfigForTests({ baseUrl: sim.url, apiKey: "demo-key", timeoutMs: 10_000 });
    try {
      return await run();
    } finally {
      upstream.setUpstreamConfigForTests(undefined);
      await sim.close();
    }
  }

  const perMinute = (from: number, count: number) =>
    Array.from({ length: count }, (_, m) => log.filter((c) => isRead(c.op) && c.at >= from + m * 60_000 && c.at < from + (m + 1) * 60_000).length);
  const byOp = (from: number, to: number) => {
    const out: Record<string, number> = {};
    for (const c of log) if (c.at >= from && c.at < to) out[c.op] = (out[c.op] ?? 0) + 1;
    return out;
  };

  // 1. One instance, a fresh database, `minutes` minutes; then a restart on the same database, one minute.
  const file = `file:${path.join(dir, "dashboard.db")}`;
  const single = await withSimulator(async () => {
    const gw = createGateway({ clock });
    const app = appOf(createService(gw, api, { ...schedule, mirror: mirrorDatabase(file).store() }));
    const from = clock.now();
    const outcome = await work([app], recorded, minutes * 60_000);
    const restartAt = clock.now();
    const gw2 = createGateway({ clock });
    const restarted = appOf(createService(gw2, api, { ...schedule, mirror: mirrorDatabase(file).store() }));
    const after = await work([restarted], recorded, 60_000);
    return { from, outcome, restartAt, after, end: clock.now() };
  });

  // 2. The same `minutes` on three instances: one Redis (budget), one database.
  const redisServer = await startRedis();
  const clients: ReturnType<typeof connectRedis>[] = [];
  const connect = async (name: string) => {
    const c = connectRedis(redisServer.url, `bench-budget-${name}`);
    clients.push(c);
    if (c.status !== "ready") await once(c, "ready");
    return c;
  };
  const three = await withSimulator(async () => {
    const instances = await productionInstances(3, { clock, api, prefix: `bench:budget:${process.pid}`, connect, service: schedule });
    const apps = instances.services.map(appOf);
    const from = clock.now();
    const outcome = await work(apps, instances.wire(recorded), minutes * 60_000);
    instances.close();
    return { from, outcome, end: clock.now() };
  }).finally(async () => {
    for (const c of clients) c.disconnect();
    await redisServer.stop();
  });

  const reads = perMinute(single.from, minutes);
  const later = reads.slice(1);
  const avgLater = later.reduce((a, b) => a + b, 0) / Math.max(1, later.length);
  const restartReads = perMinute(single.restartAt, 1)[0] ?? 0;
  const totalOne = log.filter((c) => c.at >= single.from && c.at < single.restartAt).length;
  const totalThree = log.filter((c) => c.at >= three.from && c.at < three.end).length;
  const fmt = (r: Record<string, number>) => Object.entries(r).map(([k, v]) => `${k} ${v}`).join(", ");
  console.log(`Three people, a page every 10 s each, ${minutes} simulated minutes, simulator limits on:`);
  console.log(`  reads per minute (people and background): ${reads.join(", ")}`);
  console.log(`  first minute: ${reads[0]} reads (target ≤ 40); minutes 2–${minutes}: ${avgLater.toFixed(1)} a minute on average (target ≤ 12)`);
  console.log(`  what they were: ${fmt(byOp(single.from, single.restartAt))}`);
  console.log(`  pages ${single.outcome.pages}, refused to a person ${single.outcome.refused}, answers marked stale ${single.outcome.staleAnswers}`);
  console.log(`  restart on the filled database, its first minute: ${restartReads} reads (target ≤ 10): ${fmt(byOp(single.restartAt, single.end))}; refused ${single.after.refused}`);
  console.log(`  3 instances ÷ 1 instance, upstream calls: ${totalThree} ÷ ${totalOne} = ${(totalThree / Math.max(1, totalOne)).toFixed(2)} (target ≤ 1.05); refused ${three.outcome.refused}`);
  const outages = [...single.outcome.outages, ...single.after.outages, ...three.outcome.outages];
  if (outages.length) {
    console.log("  refused pages:", outages.slice(0, 5));
    process.exitCode = 1;
  }
  rmSync(dir, { recursive: true, force: true });
}

const STUB = fileURLToPath(new URL("./server-only-stub.mjs", import.meta.url));
if (process.env.BENCH_BUDGET_CHILD === "1") {
  await main();
  // Timers of the dashboard (mirror scheduler, simulator ticks) are unref'd; open sockets are not.
  process.exit(process.exitCode ?? 0);
} else {
  const child = spawnSync(process.execPath, ["--import", "tsx", "--import", STUB, fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: "inherit",
    env: { ...process.env, BENCH_BUDGET_CHILD: "1", LOG_LEVEL: process.env.LOG_LEVEL ?? "silent" },
  });
  process.exitCode = child.status ?? 1;
}

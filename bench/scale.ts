/**
 * Scale benchmark: `npm run bench:scale [-- minutes=10] [start=now|<ISO time>] [worlds=demo,large]`.
 *
 * Five people against the service layer (gateway, service, campaign mirror and
 * inbox, as the pages call them) and the simulator with its real limits on
 * (60 reads a minute, 1,000 requests an hour) and its world moving, first in
 * the demo world (11 campaigns, 8 of them active or frozen) and then in the
 * large one (SIMULATOR_WORLD=large: 40 campaigns, ~4,300 posts). Two editors
 * (inbox, a queue, a post), a reviewer (a queue, a post), a manager (overview,
 * campaigns, a campaign's engagement) and an admin (account, projects, a
 * campaign), each opening a page every 10 s, walking through all the active
 * and frozen campaigns. One fake clock drives the dashboard and the simulator
 * (as in bench/budget.ts), so 10 simulated minutes take far less wall time.
 *
 * Prints, beside the targets: pages refused to a person; reads per hour
 * projected (people and background); the age of a post when opened (how long
 * ago upstream last confirmed the copy the page showed: the newer of the
 * detail's own fetch and its campaign's last mirror sync, which would have
 * dropped a changed detail; and how often it differed from the simulator's
 * truth at that moment); the refresh interval of
 * each campaign's posts (gaps between its post-list reads) for due-soon
 * campaigns (a waiting post planned within 2 h, read from the simulator's
 * truth) and the rest; RSS of the process (dashboard and simulator together).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

type WorldKind = "demo" | "large";

/** Each person opens a page this often. */
const PAGE_EVERY_MS = 10_000;

async function main(): Promise<void> {
  const minutes = Number(process.argv.find((a) => a.startsWith("minutes="))?.slice(8) ?? 10);
  const { flushMicrotasks } = await import("../lib/server/gateway/clock");
  const { FakeClock } = await import("../test/support/fake-clock");
  // The world is laid out around its start's time of day: a fixed start (a Friday noon in Moscow, when
  // campaigns publish) makes the figures repeat; `start=now` or `start=<ISO time>` picks another.
  const startArg = process.argv.find((a) => a.startsWith("start="))?.slice(6) ?? "2026-11-20T12:00:00+03:00";
  const START = Math.floor((startArg === "now" ? Date.now() : Date.parse(startArg)) / 60_000) * 60_000;
  if (Number.isNaN(START)) throw new Error(`start= is not a date: ${startArg}`);
  const clock = new FakeClock(START);
  // The simulator's limiter and world clock take Date.now when they are built: from here on, simulated time.
  Date.now = () => clock.now();

  const { startSimulator } = await import("../simulator/server");
  const { createGateway } = await import("../lib/server/gateway/gateway");
  const { createService } = await import("../lib/server/service/service");
  const { countingApi } = await import("../test/support/crowd");
  const { mirrorDatabase } = await import("../lib/server/mirror");
  const { InboxScheduler } = await import("../lib/server/inbox/scheduler");
  const { inboxAnswer } = await import("../lib/server/inbox/answer");
  const { InboxQuery } = await import("../lib/schemas");
  const { DEFAULT_INBOX_CONFIG } = await import("../lib/server/inbox/config");
  const { DEFAULT_PLAN } = await import("../lib/server/scheduler/plan");
  const { UpstreamScheduler } = await import("../lib/server/scheduler/scheduler");
  const { freshenPostPage } = await import("../lib/server/scheduler/freshen");
  const { spareForWaited } = await import("../lib/server/scheduler/spare");
  /** Post pages opened (their campaign, when): the presence the scheduler's "looked at" class reads. */
  const opened: { at: number; campaign: number }[] = [];
  const { CAMPAIGN_STATUSES } = await import("../lib/schemas");
  const { overviewAttention } = await import("../lib/server/overview/attention");
  const upstream = await import("@/lib/server/upstream");
  type Service = ReturnType<typeof createService>;
  type Inbox = InstanceType<typeof InboxScheduler>;
  type Sim = Awaited<ReturnType<typeof startSimulator>>;

  const dir = mkdtempSync(path.join(tmpdir(), "bench-scale-"));
  const realTick = () => new Promise<void>((resolve) => setTimeout(resolve, 1));
  let sim: Sim | undefined;

  /** A waiting post of the campaign planned within the scheduler's due-soon window, by the simulator's truth. */
  const dueSoonTruth = (campaignId: number, now: number): boolean =>
    (sim?.state.world.campaignPosts(campaignId) ?? []).some(
      (p) => p.status === "WAITING_APPROVAL" && p.publishedAt !== null && Math.abs(p.publishedAt - now) <= DEFAULT_PLAN.dueSoonWindowMs,
    );

  /** Every upstream call with its simulated time; post-list reads with their campaign and whether it was due soon. */
  // Which page (or the scheduler, outside any page) made each upstream call: where the reads go.
  const { AsyncLocalStorage } = await import("node:async_hooks");
  const pageOfCall = new AsyncLocalStorage<string>();
  const byPage: Record<string, number> = {};
  const log: { at: number; op: string; campaign?: number; dueSoon?: boolean; since?: boolean }[] = [];
  const recorded = countingApi(
    Object.fromEntries(
      Object.entries(upstream).map(([name, fn]) => [
        name,
        (...a: unknown[]) => {
          const at = clock.now();
          const tag = `${pageOfCall.getStore() ?? "scheduler"} ${name}`;
          byPage[tag] = (byPage[tag] ?? 0) + 1;
          const q = (a[1] ?? {}) as { since?: string; offset?: number };
          if (name === "listCampaignPosts" && !q.offset) {
            // The first page of a campaign's posts (later pages of the same read are not a new refresh).
            sim?.state.sync();
            log.push({ at, op: name, campaign: a[0] as number, dueSoon: dueSoonTruth(a[0] as number, at), since: q.since !== undefined });
          } else log.push({ at, op: name });
          return (fn as (...x: unknown[]) => unknown)(...a);
        },
      ]),
    ) as never,
  );
  const api = recorded.api;
  const isRead = (op: string) => op !== "approvePost" && op !== "rejectPost";

  type App = { service: Service; inbox: Inbox };
  type Person = { name: string; pages: string[]; next: number; step: number; head: number[]; offset: number };
  type Outcome = { pages: number; refused: number; refusedAt: number[]; outages: string[]; ages: number[]; detailAges: number[]; differs: number; lags: number[]; listAges: number[]; rss: number; dueSoon: number[] };

  /** Active and frozen campaigns as the dashboard lists them; people walk through all of them. */
  async function campaignIds(s: Service): Promise<number[]> {
    const r = await s.campaigns({ status: ["ACTIVE", "FROZEN"] });
    return r.data.campaigns.map((c) => c.id);
  }

  async function page(app: App, p: Person, name: string, o: Outcome): Promise<void> {
    const s = app.service;
    await app.inbox.use({ priority: "background" }); // the header's inbox count (a poll)
    const ids = await campaignIds(s);
    const campaign = ids[(p.offset + (p.step >> 1)) % Math.max(1, ids.length)] ?? 0;
    switch (name) {
      case "overview": {
        await s.account();
        await s.projects();
        await s.campaigns({ status: [...CAMPAIGN_STATUSES] });
        // The attention panel, as app/(app)/page.tsx prefetches it (GET /api/overview/attention): the mirrors.
        await overviewAttention(s);
        break;
      }
      case "campaigns":
        await s.projects();
        await s.campaigns({ status: ["ACTIVE", "FROZEN"] });
        break;
      case "account":
        await s.account();
        await s.projects();
        break;
      case "projects":
        await s.projects();
        await s.campaigns({ status: [...CAMPAIGN_STATUSES] });
        break;
      case "engagement":
        await s.campaign(campaign);
        break;
      case "inbox": {
        // As lib/server/inbox/prefetch-entry.ts: the inbox's copy (campaigns never filled are asked of the
        // scheduler, not filled here), then the campaigns of the rows on the first page (deskEntries).
        const inbox = await app.inbox.use({ priority: "interactive" });
        const onPage = new Set(inboxAnswer(inbox, InboxQuery.parse({}), clock.now(), DEFAULT_INBOX_CONFIG.dueSoonMs, undefined, "Europe/Moscow").data.posts.map((x) => x.campaign_id));
        for (const id of onPage) await s.campaign(id);
        break;
      }
      case "queue": {
        await s.campaign(campaign);
        const r = await s.campaignPosts(campaign, { status: ["WAITING_APPROVAL"], sort: "publish_at", limit: 20 }, "interactive", { maxAgeMs: 15_000 });
        o.listAges.push(clock.now() - Date.parse(r.meta.fetchedAt));
        p.head = r.data.posts.slice(0, 5).map((x) => x.task_id);
        break;
      }
      case "post": {
        const id = p.head[p.step % Math.max(1, p.head.length)];
        if (id === undefined) break;
        // As the post page does: its campaign's mirror first when older than a few seconds.
        await freshenPostPage(s, id);
        const r = await s.post(id);
        const now = clock.now();
        opened.push({ at: now, campaign: r.data.campaign_id });
        // The detail is kept while the mirror's later reads of its campaign show it unchanged: its age is
        // the newer of its own fetch and its campaign's last sync.
        const sync = (await s.mirror.store.read(r.data.campaign_id))?.sync.fetchedAt ?? 0;
        o.detailAges.push(now - Date.parse(r.meta.fetchedAt));
        o.ages.push(now - Math.max(Date.parse(r.meta.fetchedAt), sync));
        // The simulator's truth at the moment the page is shown.
        sim?.state.sync();
        const truth = sim?.state.world.post(id);
        const shown = r.data.updated_at ? Date.parse(r.data.updated_at) : null;
        if (truth && truth.updatedAt !== shown) {
          o.differs++;
          if (truth.updatedAt !== null) o.lags.push(now - truth.updatedAt);
        }
        await s.campaign(r.data.campaign_id);
        break;
      }
    }
  }

  async function work(app: App, ms: number): Promise<Outcome> {
    const o: Outcome = { pages: 0, refused: 0, refusedAt: [], outages: [], ages: [], detailAges: [], differs: 0, lags: [], listAges: [], rss: 0, dueSoon: [] };
    const start = clock.now();
    const person = (name: string, pages: string[], delay: number, offset: number): Person => ({ name, pages, next: start + delay, step: 0, head: [], offset });
    const people: Person[] = [
      person("editor 1", ["inbox", "queue", "post"], 0, 0),
      person("editor 2", ["queue", "post", "inbox"], 2_000, 13),
      person("reviewer", ["queue", "post"], 4_000, 26),
      person("manager", ["overview", "campaigns", "engagement"], 6_000, 7),
      person("admin", ["account", "projects", "engagement"], 8_000, 20),
    ];
    const pending = new Set<Promise<void>>();
    const end = start + ms;
    let lastMinute = -1;
    for (;;) {
      const now = clock.now();
      people.forEach((p) => {
        if (p.next > now || now >= end) return;
        const name = p.pages[p.step % p.pages.length] as string;
        p.step++;
        p.next = now + PAGE_EVERY_MS;
        o.pages++;
        const run: Promise<void> = pageOfCall.run(name, () => page(app, p, name, o))
          .catch((e: unknown) => {
            o.refused++;
            o.refusedAt.push(clock.now() - start);
            o.outages.push(`${p.name} ${name}: ${e instanceof Error ? e.message : String(e)}`);
          })
          .finally(() => pending.delete(run));
        pending.add(run);
      });
      await flushMicrotasks();
      const minute = Math.floor((now - start) / 60_000);
      if (minute !== lastMinute) {
        lastMinute = minute;
        o.rss = Math.max(o.rss, process.memoryUsage().rss);
        if (minute < ms / 60_000) {
          sim?.state.sync();
          const live = (sim?.state.world.campaigns ?? []).filter((c) => c.status === "ACTIVE" || c.status === "FROZEN");
          o.dueSoon.push(live.filter((c) => dueSoonTruth(c.id, now)).length);
        }
      }
      if (now >= end && pending.size === 0) break;
      if (recorded.inflight() > 0) {
        await realTick();
        continue;
      }
      // Database work of the mirror is not on the wire: give it a real moment before time moves.
      await realTick();
      if (recorded.inflight() > 0) continue;
      const nextPerson = now >= end ? Infinity : Math.min(...people.map((p) => p.next), end);
      const target = Math.min(clock.nextTimerAt() ?? Infinity, nextPerson);
      if (!Number.isFinite(target)) {
        await realTick();
        continue;
      }
      await clock.advance(Math.max(0, target - now));
    }
    o.rss = Math.max(o.rss, process.memoryUsage().rss);
    return o;
  }

  const pct = (xs: number[], q: number): number => {
    if (xs.length === 0) return NaN;
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.min(s.length - 1, Math.floor(q * s.length))] as number;
  };
  const sec = (ms: number) => (Number.isNaN(ms) ? "–" : `${(ms / 1000).toFixed(1)} s`);
  const mark = (ok: boolean, none = false) => (none ? "no data" : ok ? "met" : "MISSED");

  async function run(world: WorldKind): Promise<void> {
    sim = await startSimulator({ port: 0, limits: true, timeScale: 1, startTime: clock.now(), tickMs: 1_000, seed: 42, world });
    upstream.setUpstreamConfigForTests({ baseUrl: sim.url, apiKey: "demo-key", timeoutMs: 10_000 });
    const wallStart = performance.now();
    const from = clock.now();
    const gw = createGateway({ clock });
    const service = createService(gw, api, { mirror: mirrorDatabase(`file:${path.join(dir, `${world}.db`)}`).store() });
    const app: App = { service, inbox: new InboxScheduler({ service, clock, config: DEFAULT_INBOX_CONFIG }) };
    // The one upstream scheduler, its job ticking on the fake clock as the runner would run it.
    const scheduler = new UpstreamScheduler({
      store: service.mirror.store,
      refresher: service.mirror.refresher,
      wants: service.mirror.scheduler,
      kept: service.mirror.refreshKept,
      clock,
      campaigns: async () => (await service.campaigns({ status: ["ACTIVE", "FROZEN"] }, "background")).data.campaigns.map((c) => c.id),
      spare: () => spareForWaited(gw.budget.snapshot(), { readsPerMinute: 60, requestsPerHour: 1000 }),
      // Presence, as the post page's heartbeats and goodbye give it: campaigns with a post page open now
      // (a person's page stays open until their next one, 10 s later).
      watched: async () => [...new Set(opened.filter((x) => x.at > clock.now() - PAGE_EVERY_MS).map((x) => x.campaign))],
    });
    let running = true;
    const loop = () => void scheduler.tick().finally(() => running && clock.setTimer(loop, scheduler.job.everyMs));
    loop();
    const o = await work(app, minutes * 60_000);
    running = false;
    const sched = scheduler.stats();
    const to = clock.now();
    const tracked = (await campaignIds(service)).length;
    upstream.setUpstreamConfigForTests(undefined);
    const simStats = sim.state.stats.toJson() as { by_status?: Record<string, number> };
    await sim.close();
    sim = undefined;

    const calls = log.filter((c) => c.at >= from && c.at < to);
    const reads = calls.filter((c) => isRead(c.op));
    const perMinute = Array.from({ length: minutes }, (_, m) => reads.filter((c) => c.at >= from + m * 60_000 && c.at < from + (m + 1) * 60_000).length);
    const steady = perMinute.slice(1);
    const perHour = (reads.length / minutes) * 60;
    const steadyPerHour = (steady.reduce((a, b) => a + b, 0) / Math.max(1, steady.length)) * 60;

    // Refresh intervals: gaps between a campaign's post-list reads, by whether it was due soon at the earlier read.
    // Also: due-soon gaps once no minute is saturated any more (people's reads take all a minute lends them,
    // 57 of 60: the first fill; the background lane yields and nothing is spare).
    const dueGaps: number[] = [];
    const dueGapsFilled: number[] = [];
    const restGaps: number[] = [];
    type At = { at: number; dueSoon: boolean };
    const byCampaign = new Map<number, At[]>();
    for (const c of calls) if (c.campaign !== undefined) byCampaign.set(c.campaign, [...(byCampaign.get(c.campaign) ?? []), { at: c.at, dueSoon: c.dueSoon === true }]);
    const saturated = perMinute.map((n, m) => (n > 45 ? m : -1)).reduce((a, b) => Math.max(a, b), -1);
    const settledAt = from + (saturated + 1) * 60_000;
    for (const [, reads] of byCampaign) {
      for (let i = 1; i < reads.length; i++) {
        const prev = reads[i - 1] as At;
        const next = reads[i] as At;
        ((prev.dueSoon ? dueGaps : restGaps) as number[]).push(next.at - prev.at);
        if (prev.dueSoon && prev.at >= settledAt) dueGapsFilled.push(next.at - prev.at);
      }
    }
    // Gaps only count reads that happened: a campaign read once (or never) waited at least until the end.
    const lastRead = [...byCampaign.values()].map((r) => to - (r[r.length - 1] as { at: number }).at);
    const neverRead = tracked - byCampaign.size;
    const firstPages = calls.filter((c) => c.campaign !== undefined);
    const sinceReads = firstPages.filter((c) => c.since).length;
    const byOp: Record<string, number> = {};
    for (const c of calls) byOp[c.op] = (byOp[c.op] ?? 0) + 1;
    const statusCounts = simStats.by_status;

    console.log(`\n${world} world: ${tracked} active and frozen campaigns, ${minutes} simulated minutes, ${((performance.now() - wallStart) / 1000).toFixed(0)} s wall`);
    console.log(`  pages ${o.pages}; refused to a person: ${o.refused} (target 0) ${mark(o.refused === 0)}`);
    const refusedPerMinute = Array.from({ length: minutes }, (_, m) => o.refusedAt.filter((t) => Math.floor(t / 60_000) === m).length);
    console.log(`  refused pages per minute: ${refusedPerMinute.join(", ")}`);
    console.log(`  reads per minute: ${perMinute.join(", ")}`);
    // An hour holds one start, not six: the run's minutes once, the rest of the hour at the last five minutes' rate.
    const tail = perMinute.slice(-5);
    const hourFromStart = perMinute.reduce((a, b) => a + b, 0) + (tail.reduce((a, b) => a + b, 0) / Math.max(1, tail.length)) * Math.max(0, 60 - minutes);
    console.log(`  reads per hour projected: ${hourFromStart.toFixed(0)} in the first hour of a fresh install (target ≤ 900) ${mark(hourFromStart <= 900)}`);
    console.log(`    the run's rate times six: ${perHour.toFixed(0)}; from minute 2: ${steadyPerHour.toFixed(0)}`);
    console.log(`  what they were: ${Object.entries(byOp).map(([k, v]) => `${k} ${v}`).join(", ")}`);
    console.log(`  post-list reads of a campaign (first pages): ${firstPages.length}, of them with since: ${sinceReads}; the scheduler's refreshes: ${sched.refreshesLastHour}, refused ${sched.refusedLastHour}`);
    if (statusCounts) console.log(`  simulator answers by status: ${JSON.stringify(statusCounts)}`);
    console.log(
      `  age of a post when opened (${o.ages.length} opens): p50 ${sec(pct(o.ages, 0.5))} (target ≤ 5 s) ${mark(pct(o.ages, 0.5) <= 5_000, o.ages.length === 0)}, p95 ${sec(pct(o.ages, 0.95))} (target ≤ 20 s) ${mark(pct(o.ages, 0.95) <= 20_000, o.ages.length === 0)}`,
    );
    console.log(`    differed from the simulator's truth: ${o.differs} of ${o.ages.length}${o.lags.length ? `, the change shown late by p50 ${sec(pct(o.lags, 0.5))}, max ${sec(Math.max(...o.lags))}` : ""}`);
    console.log(`    age of the detail's own fetch: p50 ${sec(pct(o.detailAges, 0.5))}, p95 ${sec(pct(o.detailAges, 0.95))}`);
    console.log(`    age of a queue's list when opened (${o.listAges.length}): p50 ${sec(pct(o.listAges, 0.5))}, p95 ${sec(pct(o.listAges, 0.95))}`);
    console.log(`  campaigns due soon, at each minute: ${o.dueSoon.join(", ")}`);
    console.log(
      `  refresh interval, due-soon campaigns (${dueGaps.length} gaps): p50 ${sec(pct(dueGaps, 0.5))}, p95 ${sec(pct(dueGaps, 0.95))}, max ${sec(dueGaps.length ? Math.max(...dueGaps) : NaN)} (target ≤ 60 s) ${mark(Math.max(...dueGaps) <= 60_000, dueGaps.length === 0)}`,
    );
    console.log(
      `    from minute ${saturated + 2} (after the last minute of more than 45 reads), ${dueGapsFilled.length} gaps: p50 ${sec(pct(dueGapsFilled, 0.5))}, p95 ${sec(pct(dueGapsFilled, 0.95))}, max ${sec(dueGapsFilled.length ? Math.max(...dueGapsFilled) : NaN)} (target ≤ 60 s) ${mark(Math.max(...dueGapsFilled) <= 60_000, dueGapsFilled.length === 0)}`,
    );
    console.log(
      `  refresh interval, the rest (${restGaps.length} gaps): p50 ${sec(pct(restGaps, 0.5))}, p95 ${sec(pct(restGaps, 0.95))}, max ${sec(restGaps.length ? Math.max(...restGaps) : NaN)}`,
    );
    console.log(`    campaigns whose posts were never read: ${neverRead}; longest wait since a campaign's last read at the end: ${sec(Math.max(0, ...lastRead))}`);
    console.log(`  RSS (dashboard and simulator in one process): ${(o.rss / 2 ** 20).toFixed(0)} MB`);
    if (o.outages.length) console.log("  refused pages:", o.outages.slice(0, 5));
    console.log(`  calls by page: ${Object.entries(byPage).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v}`).join(", ")}`);
    for (const k of Object.keys(byPage)) delete byPage[k];
  }

  console.log(`Five people, a page every 10 s each, ${minutes} simulated minutes a world from ${new Date(START).toISOString()}, simulator limits on.`);
  const only = process.argv.find((a) => a.startsWith("worlds="))?.slice(7).split(",");
  for (const world of ["demo", "large"] as const) if (!only || only.includes(world)) await run(world);
  rmSync(dir, { recursive: true, force: true });
}

const STUB = fileURLToPath(new URL("./server-only-stub.mjs", import.meta.url));
if (process.env.BENCH_SCALE_CHILD === "1") {
  await main();
  // Timers of the dashboard (the upstream scheduler, simulator ticks) are unref'd; open sockets are not.
  process.exit(process.exitCode ?? 0);
} else {
  const child = spawnSync(process.execPath, ["--import", "tsx", "--import", STUB, fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: "inherit",
    env: { ...process.env, BENCH_SCALE_CHILD: "1", LOG_LEVEL: process.env.LOG_LEVEL ?? "silent" },
  });
  process.exitCode = child.status ?? 1;
}

import "server-only";
import type { Redis } from "ioredis";
import { defaultLimits, type BudgetLimits } from "@/lib/server/gateway/budget";
import { flushMicrotasks, type Clock } from "@/lib/server/gateway/clock";
import type { FakeClock } from "./fake-clock";
import { createGateway, type Gateway } from "@/lib/server/gateway/gateway";
import { RedisBudget } from "@/lib/server/gateway/redis-budget";
import { mirrorDatabase } from "@/lib/server/mirror";
import { UpstreamScheduler } from "@/lib/server/scheduler/scheduler";
import { createService, type Service, type ServiceOptions, type UpstreamApi } from "@/lib/server/service/service";

/**
 * A crowd of editors watching one review queue, on a fake clock: the scenario
 * behind the budget integration test and `bench/budget.ts`. Each person polls
 * the queue every 10–15 s (every other poll with the `since` of the previous
 * answer, as the UI does), opens one of the first posts every 40–80 s, and
 * person 0 also approves the head of the queue every 5 minutes.
 *
 * Given several services (instances of the app), person i is served by
 * instance i mod n, as a round-robin load balancer with sticky sessions would.
 */
export type CrowdOptions = {
  people: number;
  durationMs: number;
  campaignId: number;
  seed?: number;
  approveEveryMs?: number;
};

export type CrowdResult = {
  /** Requests the people made to the service. */
  requests: number;
  /** Of which answered with stale data. */
  stale: number;
  failures: { what: string; error: string }[];
  /** Queue answers that still listed a post as waiting although its approval had been answered before the poll began. */
  ghosts: { taskId: number; person: number }[];
  /** Upstream calls, by client function. */
  upstream: Record<string, number>;
  upstreamTotal: number;
};

/** Wraps a client so the runner knows what is on the wire and what it cost. */
export function countingApi(api: UpstreamApi) {
  const counts: Record<string, number> = {};
  let inflight = 0;
  const wrapped = Object.fromEntries(
    Object.entries(api).map(([name, fn]) => [
      name,
      async (...args: unknown[]) => {
        counts[name] = (counts[name] ?? 0) + 1;
        inflight++;
        try {
          return await (fn as (...a: unknown[]) => Promise<unknown>)(...args);
        } finally {
          inflight--;
        }
      },
    ]),
  ) as UpstreamApi;
  return { api: wrapped, counts, inflight: () => inflight };
}

/** What is on the wire, and (production mode) the shared store's work that must land before time moves. */
export type Wire = {
  counts: Record<string, number>;
  /** Requests in flight that simulated time must not pass (the upstream's, and Redis commands when shared). */
  inflight: () => number;
  /** Resolves once messages already sent between instances have arrived (e.g. a PING on each subscriber). */
  settle?: () => Promise<void>;
};

/** Instances of the app serving one crowd, and how the runner knows when their work has landed. */
export type Instances = { services: Service[]; gateways: Gateway[]; wire: (base: Wire) => Wire; close: () => void };

/** One embedded instance: memory only, as the demo runs. */
export function embeddedInstance(clock: Clock, api: UpstreamApi): Instances {
  const gateway = createGateway({ clock });
  return { services: [createService(gateway, api)], gateways: [gateway], wire: (base) => base, close: () => undefined };
}

/**
 * `n` production-mode instances on one Redis and one database, each with its
 * own connection, RedisBudget and memory, as `n` processes would have: what
 * one instance read reaches the others through the database. `connect` gives
 * a ready connection (the caller closes them).
 */
export async function productionInstances(
  n: number,
  o: { clock: Clock; api: UpstreamApi; prefix: string; connect: (name: string) => Promise<Redis>; limits?: BudgetLimits; service?: ServiceOptions },
): Promise<Instances> {
  const limits = o.limits ?? defaultLimits(60, 30, 1000);
  // One database for every instance's mirror, as production's Postgres is.
  const mirrors = mirrorDatabase();
  const nodes = await Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const command = await o.connect(`app${i}`);
      const budget = new RedisBudget(command, `${o.prefix}:budget`, limits, o.clock);
      const gateway = createGateway({ clock: o.clock, limits, budget });
      return { command, budget, gateway, service: createService(gateway, o.api, { ...o.service, mirror: mirrors.store() }) };
    }),
  );
  return {
    services: nodes.map((x) => x.service),
    gateways: nodes.map((x) => x.gateway),
    wire: (base) => ({
      counts: base.counts,
      inflight: () => base.inflight() + nodes.reduce((k, x) => k + x.command.commandQueue.length, 0),
      settle: async () => {
        await Promise.all(nodes.map((x) => x.budget.idle()));
      },
    }),
    close: () => undefined,
  };
}

type Person = { id: number; nextPoll: number; nextOpen: number; nextApprove: number; polls: number; since?: string; head: number[] };

const realTick = () => new Promise<void>((resolve) => setTimeout(resolve, 1));

export async function runCrowd(
  services: Service | readonly Service[],
  clock: FakeClock,
  wire: Wire,
  o: CrowdOptions,
): Promise<CrowdResult> {
  const instances: readonly Service[] = Array.isArray(services) ? services : [services as Service];
  const serviceOf = (p: Person): Service => instances[p.id % instances.length] as Service;
  let seed = o.seed ?? 7;
  // mulberry32: small, seeded, good enough for jitter.
  const rand = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const between = (a: number, b: number) => a + Math.floor(rand() * (b - a));
  const start = clock.now();
  const end = start + o.durationMs;
  const approveEvery = o.approveEveryMs ?? 300_000;
  const people: Person[] = Array.from({ length: o.people }, (_, id) => ({
    id,
    nextPoll: start + between(0, 15_000),
    nextOpen: start + between(20_000, 80_000),
    nextApprove: id === 0 ? start + approveEvery : Infinity,
    polls: 0,
    head: [],
  }));
  const before = { ...wire.counts };
  const result: CrowdResult = { requests: 0, stale: 0, failures: [], ghosts: [], upstream: {}, upstreamTotal: 0 };
  /** Posts whose approval has been answered: no later poll, on any instance, may show them waiting. */
  const decided = new Set<number>();
  // The app's one upstream scheduler ticks beside the people, on one instance as the job runner runs it:
  // it, not the people's reads, keeps the queue's copy from going stale.
  const first = instances[0] as Service;
  const scheduler = new UpstreamScheduler({
    store: first.mirror.store,
    refresher: first.mirror.refresher,
    wants: first.mirror.scheduler,
    kept: first.mirror.refreshKept,
    clock,
    campaigns: async () => [o.campaignId],
  });
  let ticking = true;
  const tick = () => void scheduler.tick().finally(() => ticking && clock.setTimer(tick, scheduler.job.everyMs));
  tick();
  const pending = new Set<Promise<void>>();

  const act = (what: string, run: () => Promise<{ stale: boolean } | void>) => {
    result.requests++;
    const p: Promise<void> = run()
      .then((r) => {
        if (r?.stale) result.stale++;
      })
      .catch((e: unknown) => {
        result.failures.push({ what, error: e instanceof Error ? `${e.name}: ${e.message}` : String(e) });
      })
      .finally(() => pending.delete(p));
    pending.add(p);
  };

  const poll = (p: Person) =>
    act("poll", async () => {
      const since = p.polls++ % 2 === 1 ? p.since : undefined;
      const decidedBefore = new Set(decided);
      const r = await serviceOf(p).campaignPosts(o.campaignId, { status: ["WAITING_APPROVAL"], limit: 20, ...(since ? { since } : {}) });
      for (const x of r.data.posts) if (decidedBefore.has(x.task_id)) result.ghosts.push({ taskId: x.task_id, person: p.id });
      if (!since) p.head = r.data.posts.slice(0, 3).map((x) => x.task_id);
      p.since = r.meta.fetchedAt;
      return r.meta;
    });
  const open = (p: Person) =>
    act("open", async () => {
      const id = p.head[Math.floor(rand() * rand() * p.head.length)];
      if (id === undefined) return;
      return (await serviceOf(p).post(id)).meta;
    });
  const approve = (p: Person) =>
    act("approve", async () => {
      const id = p.head[0];
      if (id === undefined) return;
      await serviceOf(p).approve(id, o.campaignId);
      decided.add(id);
      p.head = p.head.slice(1);
    });

  for (;;) {
    const now = clock.now();
    for (const p of people) {
      if (now >= end) break;
      if (p.nextPoll <= now) {
        poll(p);
        p.nextPoll = now + between(10_000, 15_000);
      }
      if (p.nextOpen <= now) {
        open(p);
        p.nextOpen = now + between(40_000, 80_000);
      }
      if (p.nextApprove <= now) {
        approve(p);
        p.nextApprove = now + approveEvery;
      }
    }
    // Let what was just started reach the wire (or the cache) before looking.
    await flushMicrotasks();
    if (now >= end && pending.size === 0) break;
    // Real requests on the wire: let them finish before simulated time moves on.
    if (wire.inflight() > 0) {
      await realTick();
      continue;
    }
    if (wire.settle) {
      // A note another instance is waiting for may still be on its way; what it wakes must run first.
      await wire.settle();
      await flushMicrotasks();
      if (wire.inflight() > 0) continue;
    }
    const nextAction = now >= end ? Infinity : Math.min(...people.flatMap((p) => [p.nextPoll, p.nextOpen, p.nextApprove]), end);
    const target = Math.min(clock.nextTimerAt() ?? Infinity, nextAction);
    if (!Number.isFinite(target) || target <= now) {
      await realTick();
      continue;
    }
    await clock.advance(target - now);
  }
  ticking = false;
  for (const [k, v] of Object.entries(wire.counts)) {
    const d = v - (before[k] ?? 0);
    if (d > 0) result.upstream[k] = d;
    result.upstreamTotal += d;
  }
  return result;
}

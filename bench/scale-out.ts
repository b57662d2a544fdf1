/**
 * Scale-out benchmark: `npx tsx bench/scale-out.ts [minutes=60]`.
 *
 * Starts its own Redis (Debian's redis-server on a free port) and an
 * in-process simulator, and prints three figures of production mode:
 *
 * 1. Upstream calls of 3 instances ÷ 1 instance: the crowd of
 *    test/support/crowd.ts (25 people on one review queue, one of them
 *    approving every ~5 min) for a simulated hour, spread round-robin over
 *    three instances sharing the budget through Redis and answers through
 *    one database, versus one
 *    embedded instance. Fake clock; the simulator's world clock moves with it
 *    and its wall-clock limiter is off (the vitest integration test runs the
 *    same with it on).
 * 2. A decision on one instance visible on another: real time, two
 *    instances; B holds the queue cached, A approves its head, then B reads
 *    until the post has left it. Median of 20, from A's answer (and from the
 *    start of the request).
 * 3. Cached read p50, production vs embedded: the same fresh queue read
 *    through the service layer (no HTTP), interleaved batches, frozen clock;
 *    plus the read of an instance whose own memory lacks the answer (from
 *    the database), for comparison.
 *
 * The service modules import "server-only", which resolves to an empty module
 * only under the "react-server" condition: the script re-runs itself with it.
 */
import { once } from "node:events";
import { runAsServerCode } from "./server-conditions";

const START = Date.parse("2026-11-20T09:00:00+03:00");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => percentile(xs, 50);

function percentile(xs: number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function main(): Promise<void> {
  const minutes = Number(process.argv[2] ?? 60);
  const { startRedis } = await import("../test/servers/redis");
  const { startSimulator } = await import("../simulator/server");
  const { systemClock } = await import("../lib/server/gateway/clock");
  const { FakeClock } = await import("../test/support/fake-clock");
  const { connectRedis } = await import("../lib/server/redis");
  const { countingApi, embeddedInstance, productionInstances, runCrowd } = await import("../test/support/crowd");
  const upstream = await import("@/lib/server/upstream");
  type Redis = ReturnType<typeof connectRedis>;

  const redisServer = await startRedis();
  const clients: Redis[] = [];
  const connect = async (name: string) => {
    const c = connectRedis(redisServer.url, `bench-${name}`);
    clients.push(c);
    if (c.status !== "ready") await once(c, "ready");
    return c;
  };
  let prefixes = 0;
  const prefix = () => `bench:scale:${process.pid}:${++prefixes}`;
  const queue = { status: ["WAITING_APPROVAL" as const], limit: 100 };

  async function withSimulator<T>(worldFollowsFakeClock: boolean, run: (sim: Awaited<ReturnType<typeof startSimulator>>) => Promise<T>): Promise<T> {
    const sim = await startSimulator({ port: 0, limits: false, timeScale: worldFollowsFakeClock ? 0 : 1, startTime: START, tickMs: 3_600_000, seed: 42 });
    try {
      upstream.setUpstreamConfigForTests({ baseUrl: sim.url, apiKey: "demo-key", timeoutMs: 10_000 });
      return await run(sim);
    } finally {
      upstream.setUpstreamConfigForTests(undefined);
      await sim.close();
    }
  }

  const queueOf = (sim: Awaited<ReturnType<typeof startSimulator>>) => {
    const world = sim.state.world;
    const waiting = (id: number) => world.campaignPosts(id).filter((p) => p.status === "WAITING_APPROVAL").length;
    const campaigns = world.campaigns.filter((c) => c.status === "ACTIVE" && waiting(c.id) >= 3).sort((a, b) => waiting(b.id) - waiting(a.id));
    if (!campaigns.length) throw new Error("the seeded world has no campaign with a queue");
    return campaigns;
  };

  // 1. Upstream calls for the crowd hour.
  async function crowd(mode: "embedded" | "production") {
    return withSimulator(true, async (sim) => {
      const campaign = queueOf(sim)[0] as { id: number };
      let last = START;
      const clock = new FakeClock(START, (t) => {
        sim.state.advance((t - last) / 1000);
        last = t;
      });
      const wire = countingApi(upstream);
      const instances = mode === "embedded" ? embeddedInstance(clock, wire.api) : await productionInstances(3, { clock, api: wire.api, prefix: prefix(), connect });
      try {
        const t0 = performance.now();
        const r = await runCrowd(instances.services, clock, instances.wire(wire), {
          people: 25,
          durationMs: minutes * 60_000,
          campaignId: campaign.id,
          approveEveryMs: 293_000,
        });
        return { ...r, wallS: (performance.now() - t0) / 1000 };
      } finally {
        instances.close();
      }
    });
  }

  // 2. A decision on A, seen on B.
  async function visibility() {
    return withSimulator(false, async (sim) => {
      const api = countingApi(upstream);
      const instances = await productionInstances(2, { clock: systemClock, api: api.api, prefix: prefix(), connect });
      const [a, b] = instances.services as [(typeof instances.services)[0], (typeof instances.services)[0]];
      const fromAnswer: number[] = [];
      const fromRequest: number[] = [];
      try {
        const campaigns = queueOf(sim);
        for (let i = 0; fromAnswer.length < 20; i++) {
          const cid = (campaigns[i % campaigns.length] as { id: number }).id;
          const before = await b.campaignPosts(cid, queue);
          const id = before.data.posts[0]?.task_id;
          if (id === undefined) continue;
          await b.campaignPosts(cid, queue); // B now answers it from memory
          const t0 = performance.now();
          await a.approve(id, cid);
          const t1 = performance.now();
          for (;;) {
            const now = await b.campaignPosts(cid, queue);
            if (!now.data.posts.some((p) => p.task_id === id)) break;
            if (performance.now() - t1 > 10_000) throw new Error(`post ${id} still shown on B after 10 s`);
            await sleep(1);
          }
          const t2 = performance.now();
          fromAnswer.push(t2 - t1);
          fromRequest.push(t2 - t0);
        }
      } finally {
        instances.close();
      }
      return { fromAnswer, fromRequest };
    });
  }

  // 3. Cached reads, production vs embedded.
  async function cachedReads() {
    return withSimulator(true, async (sim) => {
      const cid = (queueOf(sim)[0] as { id: number }).id;
      const clock = new FakeClock(START); // frozen: the answer stays fresh throughout
      const api = countingApi(upstream);
      const embedded = embeddedInstance(clock, api.api);
      const production = await productionInstances(2, { clock, api: api.api, prefix: prefix(), connect });
      const [prod, cold] = production.services as [(typeof production.services)[0], (typeof production.services)[0]];
      const coldGw = production.gateways[1];
      const [emb] = embedded.services as [(typeof embedded.services)[0]];
      try {
        await emb.campaignPosts(cid, queue);
        await prod.campaignPosts(cid, queue);
        await cold.campaignPosts(cid, queue);
        const key = coldGw?.cache.keys().find((k) => k.startsWith(`campaign:${cid}:posts`));
        const times = { embedded: [] as number[], production: [] as number[], l2: [] as number[] };
        const time = async (into: number[], read: () => Promise<unknown>) => {
          const t0 = performance.now();
          await read();
          into.push(performance.now() - t0);
        };
        for (let batch = 0; batch < 40; batch++) {
          for (let i = 0; i < 100; i++) await time(times.embedded, () => emb.campaignPosts(cid, queue));
          for (let i = 0; i < 100; i++) await time(times.production, () => prod.campaignPosts(cid, queue));
          for (let i = 0; i < 25; i++) {
            if (key) coldGw?.cache.delete(key);
            await time(times.l2, () => cold.campaignPosts(cid, queue));
          }
        }
        return { times, upstreamAfterWarmUp: api.counts };
      } finally {
        embedded.close();
        production.close();
      }
    });
  }

  try {
    const one = await crowd("embedded");
    const three = await crowd("production");
    const row = (label: string, r: typeof one) =>
      `${label.padEnd(22)} requests ${String(r.requests).padStart(6)}  upstream ${String(r.upstreamTotal).padStart(5)}  ` +
      `stale ${r.stale}  failed ${r.failures.length}  decided-but-shown ${r.ghosts.length}  ` +
      `(${Object.entries(r.upstream).map(([k, v]) => `${k} ${v}`).join(", ")})  ${r.wallS.toFixed(1)} s`;
    console.log(`1. Simulated ${minutes} min of 25 people on one review queue:`);
    console.log(row("1 embedded instance", one));
    console.log(row("3 instances on Redis", three));
    console.log(`   upstream calls, 3 instances / 1 instance: ${(three.upstreamTotal / Math.max(1, one.upstreamTotal)).toFixed(3)} (target <= 1.05)`);

    const v = await visibility();
    console.log(`2. A decision on instance A visible on instance B (20 decisions):`);
    console.log(
      `   median ${median(v.fromAnswer).toFixed(1)} ms after A's answer (max ${Math.max(...v.fromAnswer).toFixed(1)}), ` +
        `${median(v.fromRequest).toFixed(1)} ms after the request (target <= 1000 ms)`,
    );

    const c = await cachedReads();
    const p50 = { embedded: median(c.times.embedded), production: median(c.times.production), l2: median(c.times.l2) };
    console.log(`3. Cached read of the queue through the service (${c.times.embedded.length} each, interleaved):`);
    console.log(
      `   p50 embedded ${(p50.embedded * 1000).toFixed(0)} us, production (own memory) ${(p50.production * 1000).toFixed(0)} us, ` +
        `production from the database ${(p50.l2 * 1000).toFixed(0)} us`,
    );
    console.log(
      `   p50 ratio production / embedded: ${(p50.production / p50.embedded).toFixed(2)} (target <= 1.5); ` +
        `from the database / embedded: ${(p50.l2 / p50.embedded).toFixed(2)}`,
    );
    if (one.failures.length || three.failures.length || three.ghosts.length) {
      console.log("failures:", [...one.failures, ...three.failures].slice(0, 5), "ghosts:", three.ghosts.slice(0, 5));
      process.exitCode = 1;
    }
  } finally {
    for (const client of clients) client.disconnect();
    await redisServer.stop();
  }
}

await runAsServerCode(import.meta.url, main);

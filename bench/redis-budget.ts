/**
 * Request-budget latency benchmark: `npx tsx bench/redis-budget.ts [iterations=3000]`.
 *
 * Measures, in one run and on the same machine, what a token costs with the
 * in-process Budget and with the RedisBudget shared through a throwaway
 * redis-server (started here on a free port, stopped at the end):
 * - acquire + settle, one at a time (for Redis, until the settle's round trip
 *   is done: two script calls);
 * - acquire under 16 concurrent callers (settles fire and forget, as in the app);
 * - a refusal when the minute's tokens are spent (Redis answers it from the
 *   figures of its last call, without a round trip).
 * Limits are set high for the first two so every request is granted.
 *
 * lib/server/redis.ts imports "server-only", which resolves to an empty module
 * only under the "react-server" condition: the script re-runs itself with it.
 */
import { once } from "node:events";
import { runAsServerCode } from "./server-conditions";


type Lease = { settle(): void };
type AnyBudget = { acquire(lane: "interactive" | "background", maxWaitMs: number): Promise<Lease>; idle?(): Promise<void> };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

async function sequential(budget: AnyBudget, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const lease = await budget.acquire("interactive", 0);
    lease.settle();
    await budget.idle?.();
    out.push(performance.now() - t0);
  }
  return out;
}

async function concurrent(budget: AnyBudget, workers: number, each: number): Promise<number[]> {
  const out: number[] = [];
  await Promise.all(
    Array.from({ length: workers }, async () => {
      for (let i = 0; i < each; i++) {
        const t0 = performance.now();
        const lease = await budget.acquire("interactive", 5_000);
        out.push(performance.now() - t0);
        lease.settle();
      }
    }),
  );
  await budget.idle?.();
  return out;
}

async function refusals(budget: AnyBudget, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await budget.acquire("background", 0).then(
      (l) => l.settle(),
      () => undefined,
    );
    out.push(performance.now() - t0);
  }
  return out;
}

async function main(): Promise<void> {
  const n = Number(process.argv[2] ?? 3000);
  const { startRedis } = await import("../test/servers/redis");
  const { Budget, defaultLimits } = await import("../lib/server/gateway/budget");
  const { RedisBudget } = await import("../lib/server/gateway/redis-budget");
  const { systemClock } = await import("../lib/server/gateway/clock");
  const { connectRedis } = await import("../lib/server/redis");

  const server = await startRedis();
  const client = connectRedis(server.url, "bench-budget");
  try {
    if (client.status !== "ready") await once(client, "ready"); // no offline queue: wait for the connection
    const wide = defaultLimits(1_000_000, 1_000_000, 10_000_000);
    const narrow = defaultLimits(60, 30, 1000);
    let prefix = 0;
    const make = {
      memory: (limits: typeof wide): AnyBudget => new Budget(limits, systemClock),
      redis: (limits: typeof wide): AnyBudget => new RedisBudget(client, `bench:${process.pid}:${++prefix}`, limits, systemClock),
    };
    const rows: { label: string; memory: { p50: number; p99: number }; redis: { p50: number; p99: number } }[] = [];
    const measure = async (label: string, run: (kind: keyof typeof make) => Promise<number[]>) => {
      const memory = summary(await run("memory"));
      const redis = summary(await run("redis"));
      rows.push({ label, memory, redis });
    };

    for (const kind of ["memory", "redis"] as const) await sequential(make[kind](wide), 200); // warm-up (JIT, script load)
    await measure(`acquire + settle, sequential (${n})`, (k) => sequential(make[k](wide), n));
    await measure(`acquire, 16 concurrent (${16 * Math.ceil(n / 16)})`, (k) => concurrent(make[k](wide), 16, Math.ceil(n / 16)));
    await measure(`refusal, minute spent (${n})`, async (k) => {
      const budget = make[k](narrow);
      await refusals(budget, 60); // spend what background may take
      return refusals(budget, n);
    });

    const us = (ms: number) => `${(ms * 1000).toFixed(0).padStart(6)} µs`;
    console.log(`Budget latency, in-process vs Redis (redis-server on loopback), one run:`);
    for (const r of rows) {
      console.log(
        `${r.label.padEnd(38)} memory p50 ${us(r.memory.p50)} p99 ${us(r.memory.p99)}   ` +
          `redis p50 ${us(r.redis.p50)} p99 ${us(r.redis.p99)}   ratio p50 ${(r.redis.p50 / r.memory.p50).toFixed(0)}x`,
      );
    }
  } finally {
    client.disconnect();
    await server.stop();
  }
}

await runAsServerCode(import.meta.url, main);

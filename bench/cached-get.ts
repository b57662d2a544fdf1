/**
 * Cached-read benchmark: `npx tsx bench/cached-get.ts [baseUrl]`.
 *
 * Against a running dashboard (default http://127.0.0.1:3000), with a session
 * cookie minted from NEXTAUTH_SECRET, drives 100 concurrent connections at
 * GET /api/campaigns for ~10 s, then the same at GET /api/health (same cookie
 * read, a database ping, no upstream) as a baseline in the same run, and
 * prints p50/p90/p99, requests/s and the ratio between the two. A CLI outside
 * the app, so it reads its few settings from process.env directly. The role
 * is "reviewer": it may read campaigns, and its health answer is the short one.
 * Node's fetch keeps connections alive, so each worker holds one connection.
 */
import { encode } from "next-auth/jwt";

const baseUrl = (process.argv[2] ?? "http://127.0.0.1:3000").replace(/\/+$/, "");
const secret = process.env.NEXTAUTH_SECRET;
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 100);
let seconds = Number(process.env.BENCH_SECONDS ?? 10);
/**
 * Total requests per second of the paced run. A closed loop of 100 workers
 * measures saturation: there latency is simply 100 / throughput (Little's
 * law), so on 2 cores it says how fast the server is, not how long one
 * request takes. The paced run holds the same 100 connections but sends at
 * a fixed rate, timing each request from when it was due (so a slow server
 * cannot hide its queueing).
 */
const rate = Number(process.env.BENCH_RATE ?? 500);

type Result = { path: string; latencies: number[]; ok: number; failed: number; statuses: Map<number, number>; elapsedS: number };

async function sessionCookie(): Promise<string> {
  if (!secret) throw new Error("NEXTAUTH_SECRET is required (the same value the dashboard runs with)");
  const token = await encode({ token: { email: "bench@example.com", name: "Bench", role: "reviewer" }, secret, maxAge: 3600 });
  const name = baseUrl.startsWith("https:") ? "__Secure-next-auth.session-token" : "next-auth.session-token";
  return `${name}=${token}`;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function run(path: string, cookie: string, perSecond = 0): Promise<Result> {
  const result: Result = { path, latencies: [], ok: 0, failed: 0, statuses: new Map(), elapsedS: 0 };
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const intervalMs = perSecond > 0 ? (concurrency / perSecond) * 1000 : 0;
  const worker = async (index: number) => {
    let due = started + (intervalMs * index) / concurrency;
    while (performance.now() < deadline) {
      if (intervalMs > 0) {
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
      }
      const t0 = intervalMs > 0 ? due : performance.now();
      due += intervalMs;
      try {
        const res = await fetch(baseUrl + path, { headers: { cookie } });
        await res.arrayBuffer();
        result.latencies.push(performance.now() - t0);
        result.statuses.set(res.status, (result.statuses.get(res.status) ?? 0) + 1);
        if (res.ok) result.ok += 1;
        else result.failed += 1;
      } catch {
        result.failed += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, i) => worker(i)));
  result.elapsedS = (performance.now() - started) / 1000;
  return result;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

function summarize(r: Result) {
  const sorted = [...r.latencies].sort((a, b) => a - b);
  return {
    path: r.path,
    requests: r.latencies.length,
    failed: r.failed,
    statuses: Object.fromEntries(r.statuses),
    rps: r.latencies.length / r.elapsedS,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
  };
}

async function main(): Promise<void> {
  const cookie = await sessionCookie();
  const warm = await fetch(`${baseUrl}/api/campaigns`, { headers: { cookie } });
  await warm.arrayBuffer();
  if (!warm.ok) console.warn(`warm-up GET /api/campaigns answered ${warm.status}; continuing`);

  // Warm both routes up first (JIT, first-load of route bundles, the session
  // cache), so the order of the measured runs does not decide the figures.
  const measured = seconds;
  seconds = 3;
  await run("/api/campaigns", cookie);
  await run("/api/health", cookie);
  seconds = measured;
  const fmt = (n: number) => n.toFixed(1).padStart(8);
  for (const [label, perSecond] of [
    [`paced: ${concurrency} connections, ${rate} requests/s in all`, rate],
    [`saturation: ${concurrency} connections in a closed loop`, 0],
  ] as const) {
    console.log(`\n${label}, ${seconds} s each, against ${baseUrl}`);
    const cached = summarize(await run("/api/campaigns", cookie, perSecond));
    const baseline = summarize(await run("/api/health", cookie, perSecond));
    console.log("path                requests  failed      rps     p50 ms   p90 ms   p99 ms");
    for (const s of [cached, baseline]) {
      console.log(`${s.path.padEnd(18)} ${String(s.requests).padStart(9)} ${String(s.failed).padStart(7)} ${fmt(s.rps)} ${fmt(s.p50)} ${fmt(s.p90)} ${fmt(s.p99)}`);
    }
    console.log(`statuses: campaigns ${JSON.stringify(cached.statuses)}, health ${JSON.stringify(baseline.statuses)}`);
    console.log(
      `ratio campaigns/health: p50 ×${(cached.p50 / baseline.p50).toFixed(2)}, p99 ×${(cached.p99 / baseline.p99).toFixed(2)}, throughput ×${(cached.rps / baseline.rps).toFixed(2)}`,
    );
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});

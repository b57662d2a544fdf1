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
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

type Result = { path: string; latencies: number[]; ok: number; failed: number; statuses: Map<number, number>; elapsedS: number };

async function sessionCookie(): Promise<string> {
  if (!secret) throw new Error("NEXTAUTH_SECRET is required (the same value the dashboard runs with)");
  const token = await encode({ token: { email: "bench@example.com", name: "Bench", role: "reviewer" }, secret, maxAge: 3600 });
  const name = baseUrl.startsWith("https:") ? "__Secure-next-auth.session-token" : "next-auth.session-token";
  return `${name}=${token}`;
}

async function run(path: string, cookie: string): Promise<Result> {
  const result: Result = { path, latencies: [], ok: 0, failed: 0, statuses: new Map(), elapsedS: 0 };
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
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
  await Promise.all(Array.from({ length: concurrency }, worker));
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

  console.log(`${concurrency} connections, ${seconds} s each, against ${baseUrl}`);
  const cached = summarize(await run("/api/campaigns", cookie));
  const baseline = summarize(await run("/api/health", cookie));
  const fmt = (n: number) => n.toFixed(1).padStart(8);
  console.log("path                requests  failed      rps     p50 ms   p90 ms   p99 ms");
  for (const s of [cached, baseline]) {
    console.log(`${s.path.padEnd(18)} ${String(s.requests).padStart(9)} ${String(s.failed).padStart(7)} ${fmt(s.rps)} ${fmt(s.p50)} ${fmt(s.p90)} ${fmt(s.p99)}`);
  }
  console.log(`statuses: campaigns ${JSON.stringify(cached.statuses)}, health ${JSON.stringify(baseline.statuses)}`);
  console.log(
    `ratio campaigns/health: p50 ×${(cached.p50 / baseline.p50).toFixed(2)}, p99 ×${(cached.p99 / baseline.p99).toFixed(2)}, throughput ×${(cached.rps / baseline.rps).toFixed(2)}`,
  );
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});

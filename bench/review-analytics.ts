/**
 * Review analytics benchmark: `npx tsx bench/review-analytics.ts [decisions=5000]`.
 *
 * What it costs to answer a 90-day review analytics page (GET
 * /api/analytics/review, the one request the page renders from), at the
 * service layer: a real SQLite file holding `decisions` successful decisions
 * spread over the last 90 days across the seeded world's posts and four
 * people, an in-process simulator (limits on, time frozen) behind the real
 * cached service. Prints
 * - the cold answer (every campaign's list loaded from the upstream) and the
 *   upstream calls it made;
 * - the warm answer (lists cached; what every later view within the list
 *   TTL costs), median and p90 of 30, with its parts: the audit query and
 *   the computation;
 * - the upstream calls of those 30 warm answers (expected: none).
 *
 * The service modules import "server-only": the script re-runs itself under
 * the "react-server" condition (bench/server-conditions.ts).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { runAsServerCode } from "./server-conditions";
import { seedDecisions } from "./analytics/decisions";

const nearest = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil((p / 100) * xs.length) - 1)] ?? NaN;
const ms = (x: number) => `${x.toFixed(1)} ms`;

async function main(): Promise<void> {
  const count = Number(process.argv[2] ?? 5000);
  const dir = mkdtempSync(path.join(tmpdir(), "bench-review-"));
  Object.assign(process.env, {
    DATABASE_URL: `file:${path.join(dir, "bench.db")}`,
    UPSTREAM_API_KEY: "demo-key",
    NEXTAUTH_SECRET: "bench-secret-bench-secret-0123",
    LOG_LEVEL: "silent",
  });
  const { startSimulator } = await import("../simulator/server");
  const { resetEnvForTests } = await import("../lib/env");
  const { setUpstreamConfigForTests } = await import("@/lib/server/upstream");
  const { resetServiceForTests, service } = await import("../lib/server/upstream-service");
  const { db, ensureMigrated, closeDbForTests } = await import("../lib/server/db");
  const { calendarDay, shiftDay } = await import("../lib/analytics/dates");
  const { reviewAnalytics } = await import("../lib/server/review-analytics");
  const { loadDecisions } = await import("../lib/server/review-analytics/decisions");
  const { loadPosts } = await import("../lib/server/review-analytics/posts");
  const { computeReviewAnalytics } = await import("../lib/server/review-analytics/compute");
  const { POST_STATUSES } = await import("../lib/schemas");
  resetEnvForTests();

  const sim = await startSimulator({ port: 0, limits: true, timeScale: 0, admin: true });
  // A fresh connection each time: a kept-alive one may have been closed by the simulator meanwhile.
  const stats = async () => ((await (await fetch(`${sim.url}/__admin/stats`, { keepalive: false, headers: { connection: "close" } }).catch(() => fetch(`${sim.url}/__admin/stats`))).json()) as { total: number }).total;
  try {
    setUpstreamConfigForTests({ baseUrl: sim.url, apiKey: "demo-key", timeoutMs: 8000 });
    resetServiceForTests();
    await ensureMigrated();

    // The world's posts (read once here, then the cache is dropped so the first timed answer is cold).
    const campaigns = (await service.campaigns({ status: ["ACTIVE", "FROZEN", "DRAFT", "COMPLETED"] })).data.campaigns;
    const posts: { task_id: number; campaign_id: number }[] = [];
    for (const c of campaigns) posts.push(...(await service.campaignPosts(c.id, { status: [...POST_STATUSES], limit: 100 })).data.posts);
    resetServiceForTests();

    const now = Date.now();
    await seedDecisions(db(), posts, count, now);

    const to = calendarDay(new Date(now));
    const range = { from: shiftDay(to, -89), to };
    console.log(`90-day review analytics: ${count} decisions, ${posts.length} posts in ${campaigns.length} campaigns`);

    let before = await stats();
    let t0 = performance.now();
    const cold = await reviewAnalytics(range);
    const coldMs = performance.now() - t0;
    console.log(`cold answer (lists loaded from the upstream): ${ms(coldMs)}, ${(await stats()) - before} upstream calls; ${cold.data.summary.decisions} decisions, ${cold.data.campaigns.length} campaigns`);

    const totals: number[] = [];
    const queries: number[] = [];
    const computes: number[] = [];
    before = await stats();
    for (let i = 0; i < 30; i++) {
      t0 = performance.now();
      await reviewAnalytics(range);
      totals.push(performance.now() - t0);
      t0 = performance.now();
      const decisions = await loadDecisions(range, null);
      queries.push(performance.now() - t0);
      const loaded = await loadPosts(null, [...new Set(decisions.flatMap((d) => (d.campaign_id === null ? [] : [d.campaign_id])))]);
      t0 = performance.now();
      computeReviewAnalytics({ range, campaignId: null, decisions, posts: loaded.posts, campaignNames: loaded.names, now: Date.now() });
      computes.push(performance.now() - t0);
    }
    const warmCalls = (await stats()) - before;
    console.log(`warm answer (lists cached), 30 runs: p50 ${ms(nearest(totals, 50))}, p90 ${ms(nearest(totals, 90))}`);
    console.log(`  of which the audit query p50 ${ms(nearest(queries, 50))}, the computation p50 ${ms(nearest(computes, 50))}`);
    console.log(`  upstream calls of the 30 warm answers (list TTL 15 s, refreshed by one \`since\` call per campaign when it lapses): ${warmCalls}`);
  } finally {
    await sim.close();
    await closeDbForTests();
    rmSync(dir, { recursive: true, force: true });
  }
}

void runAsServerCode(import.meta.url, main);

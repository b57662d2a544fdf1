/**
 * `npx tsx bench/analytics/fill.ts <sqlite file> <simulator url> <api key> [decisions=5000]`
 *
 * Fills a dashboard database with what the 90-day analytics pages render:
 * - the engagement time series exactly as the collector makes it: the real
 *   Collector (lib/server/collector), on the real clock, run against the
 *   simulator until nothing is due: every campaign listed, every published
 *   post's current values read and its history backfilled (≤ 200 points per
 *   metric, back to its publication);
 * - `decisions` decisions over the last 89 days on the world's posts
 *   (./decisions.ts), for review analytics.
 * The simulator must have its limits off: the collector is given the whole of
 * a large budget so the fill takes seconds, not the hours of the real pace.
 * Prints one JSON line with what it wrote, and the campaign with the most
 * posts published in the last 90 days. Run by bench/analytics-pages.ts;
 * the dashboard may run on the same file meanwhile (SQLite WAL, busy timeout).
 */
import { runAsServerCode } from "../server-conditions";
import { seedDecisions } from "./decisions";

async function main(): Promise<void> {
  const [file, simUrl, apiKey, decisionsArg] = process.argv.slice(2);
  if (!file || !simUrl || !apiKey) throw new Error("usage: fill.ts <sqlite file> <simulator url> <api key> [decisions]");
  Object.assign(process.env, { DATABASE_URL: `file:${file}`, UPSTREAM_API_KEY: apiKey, NEXTAUTH_SECRET: "bench-secret-bench-secret-0123", LOG_LEVEL: "silent" });
  const { resetEnvForTests } = await import("../../lib/env");
  resetEnvForTests();
  const { systemClock } = await import("../../lib/server/gateway/clock");
  const { createGateway } = await import("../../lib/server/gateway/gateway");
  const { createService } = await import("../../lib/server/service/service");
  const { Collector, DEFAULT_COLLECTOR_CONFIG } = await import("../../lib/server/collector/collector");
  const { upsertList } = await import("../../lib/server/collector/store");
  const { db, ensureMigrated, closeDbForTests } = await import("../../lib/server/db");
  const upstream = await import("@/lib/server/upstream");
  type Api = import("../../lib/server/service/service").UpstreamApi;

  try {
    await ensureMigrated();
    upstream.setUpstreamConfigForTests({ baseUrl: simUrl, apiKey, timeoutMs: 10_000 });
    let calls = 0;
    const api = Object.fromEntries(
      Object.entries(upstream as unknown as Api).map(([op, fn]) => [op, (...a: unknown[]) => (calls++, (fn as (...x: unknown[]) => Promise<unknown>)(...a))]),
    ) as unknown as Api;
    const limits = { readsPerMinute: 1_000_000, writesPerMinute: 1_000, requestsPerHour: 10_000_000 };
    const service = createService(createGateway({ clock: systemClock, limits }), api);
    const collector = new Collector({ service, db: db(), clock: systemClock, config: { ...DEFAULT_COLLECTOR_CONFIG, hourlyBudget: 10_000_000, budgetShare: 1 }, owner: "bench-fill" });
    await upsertList(db(), "campaigns", "campaigns", null, Date.now());

    const started = Date.now();
    // Unpaced (the budget here is unlimited): done when nothing is due.
    while ((await collector.step()) !== 0) {
      if (Date.now() - started > 10 * 60_000) throw new Error("the collector was still busy after 10 minutes");
    }

    const posts = await db().selectFrom("metric_collector_items").select(["task_id", "campaign_id"]).where("kind", "=", "post").execute();
    const decided = posts.flatMap((p) => (p.task_id === null || p.campaign_id === null ? [] : [{ task_id: p.task_id, campaign_id: p.campaign_id }]));
    const decisions = Number(decisionsArg ?? 5000);
    await seedDecisions(db(), decided, decisions, Date.now());
    // The campaign with the most posts published in the last 90 days: the trend worth timing.
    const since = new Date(Date.now() - 90 * 86_400_000).toISOString();
    const busiest = await db()
      .selectFrom("metric_collector_items")
      .select(["campaign_id", (eb) => eb.fn.countAll<number>().as("n")])
      .where("kind", "=", "post")
      .where("published_at", ">=", since)
      .groupBy("campaign_id")
      .orderBy("n", "desc")
      .executeTakeFirst();
    const rows = await db().selectFrom("metric_snapshots").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst();
    console.log(JSON.stringify({ upstreamCalls: calls, posts: decided.length, snapshotRows: Number(rows?.n ?? 0), decisions, busiestCampaign: { id: busiest?.campaign_id ?? null, posts: Number(busiest?.n ?? 0) }, seconds: Math.round((Date.now() - started) / 1000) }));
  } finally {
    upstream.setUpstreamConfigForTests(undefined);
    await closeDbForTests();
  }
}

void runAsServerCode(import.meta.url, main);

// `npx tsx bench/analytics-pages.ts [--loads=N]` (part of `npm run bench`)
//
// Time to render the two 90-day analytics pages in a real browser: a campaign's
// 90-day engagement trend (/campaigns/[id]/engagement?range=90) and the 90-day
// review analytics page (/analytics/review). Builds into .next-bench-web like
// bench:web (BENCH_SKIP_BUILD=1 reuses it), starts the simulator and the
// dashboard, fills the dashboard's database with 90 days of data first
// (bench/analytics/fill.ts: the real collector's time series of every published
// post, history back to publication, and 5,000 decisions), signs in as the
// manager, then loads each page N times (default 5) in Chromium, as a desktop
// (1280×800) and as a phone (390×844, CPU slowed 4× like Lighthouse's mobile
// profile), and prints, from the navigation's start:
//  - the time until every chart of the page is drawn (the trend: a line per
//    metric, of the charts on the screen, scrolled to on a phone; review analytics: the bars of every chart panel);
//  - the blocking time of the load's long tasks (each task's time over 50 ms,
//    summed), which is what makes a page feel stuck while it draws.
// The first load of each page is its cold one (nothing cached by the server
// for it yet) and is shown apart from the median of the rest. The app's own
// collector is off (COLLECTOR_BUDGET_SHARE=0), so nothing runs in the
// background while the pages are timed.
import { chromium, type Browser, type BrowserContext } from "@playwright/test";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { loadavg } from "node:os";
import { calendarDay, shiftDay } from "../lib/analytics/dates";
import { median, ms, table } from "./web/report";
import { benchEnv, buildApp, freePort, removeTmp, startStack, stopAll, stopOnSignals, tail, type Stack } from "./web/servers";
import { CHROMIUM, CHROMIUM_FLAGS, signIn, type StorageState, PHONE } from "./web/session";

const args = process.argv.slice(2);
const loads = Math.max(2, Number(args.find((a) => a.startsWith("--loads="))?.slice(8) ?? 5) || 5);
const distDir = process.env.BENCH_WEB_DIST_DIR ?? ".next-bench-web";
const USER = "manager@example.com";

type Profile = { name: string; viewport: { width: number; height: number }; cpuSlowdown: number; isMobile: boolean };
const PROFILES: Profile[] = [
  { name: "desktop", viewport: { width: 1280, height: 800 }, cpuSlowdown: 1, isMobile: false },
  { name: "phone, CPU 4× slower", viewport: { width: 390, height: 844 }, cpuSlowdown: 4, isMobile: true },
];

/**
 * Runs in the page, polled every frame: the time since navigation start once
 * every chart of the page is drawn, else null. A chart panel counts before its
 * chart module has loaded (the placeholder), so "all drawn" cannot be reached
 * while a chart is still on its way.
 */
const DRAWN = {
  // components/engagement/campaign-trends.tsx: one <li> per metric, each with a TrendChart (components/charts/trend-chart.tsx)
  // drawn once its box nears the screen (components/charts/when-visible.tsx). On a phone the charts are below the fold: the
  // page is scrolled to the first one as soon as it is in the document (a reader going straight to them), and every chart
  // then on the screen must be drawn.
  trend: () => {
    const items = [...document.querySelectorAll('[data-testid="trend-charts"] > li')];
    if (items.length === 0) return null;
    if (items[0]!.getBoundingClientRect().top >= window.innerHeight) items[0]!.scrollIntoView({ block: "start" });
    const onScreen = items.filter((li) => {
      const box = li.getBoundingClientRect();
      return box.top < window.innerHeight && box.bottom > 0;
    });
    const drawn = onScreen.filter((li) => li.querySelector('[data-testid="trend-chart"] [data-trend-line]'));
    return onScreen.length > 0 && drawn.length === onScreen.length ? performance.now() : null;
  },
  // components/review-analytics/panel.tsx: a panel with a chart has its table in <details>; the chart is a ReviewBarChart (bar-chart.tsx).
  review: () => {
    const root = document.querySelector('[data-testid="review-analytics"][aria-busy="false"]');
    if (!root) return null;
    const panels = root.querySelectorAll('[data-testid^="panel-"]:has(> details)');
    const drawn = root.querySelectorAll('[data-testid="review-chart"]:has(.recharts-bar-rectangle)');
    return panels.length > 0 && drawn.length === panels.length ? performance.now() : null;
  },
};

/** Long tasks from the document's start (observer registered before any script). */
const LONG_TASKS = `window.__longTasks = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__longTasks.push(e.duration); }).observe({ type: "longtask", buffered: true });`;

type Load = { htmlMs: number; dataMs: number | null; drawnMs: number; blockingMs: number; longTasks: number };

async function timeLoad(context: BrowserContext, url: string, drawn: () => number | null, dataPath: RegExp, cpuSlowdown: number): Promise<Load> {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
    await page.goto(url, { waitUntil: "commit", timeout: 60_000 });
    const handle = await page.waitForFunction(drawn, undefined, { polling: "raf", timeout: 60_000 });
    const drawnMs = (await handle.jsonValue()) as number;
    // The tasks that ended by the time the charts were drawn.
    const tasks = (await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks)) as number[];
    // When the document's last byte and the page's one data answer arrived (resource timing, same clock).
    const timing = await page.evaluate((source) => {
      const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
      const data = performance.getEntriesByType("resource").find((e) => new RegExp(source).test(new URL(e.name).pathname)) as PerformanceResourceTiming | undefined;
      return { html: nav?.responseEnd ?? 0, data: data?.responseEnd ?? null };
    }, dataPath.source);
    return { htmlMs: timing.html, dataMs: timing.data, drawnMs, blockingMs: tasks.reduce((s, d) => s + Math.max(0, d - 50), 0), longTasks: tasks.length };
  } finally {
    await page.close();
  }
}

type Filled = { upstreamCalls: number; posts: number; snapshotRows: number; decisions: number; busiestCampaign: { id: number | null; posts: number }; seconds: number };

function fill(stack: Stack): Filled {
  const r = spawnSync("npx", ["tsx", "bench/analytics/fill.ts", stack.dbFile, stack.simURL, stack.apiKey, "5000"], { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`filling the database failed (exit ${r.status ?? r.signal}):\n${r.stderr}\n${r.stdout}`);
  const line = r.stdout.trim().split("\n").findLast((l) => l.startsWith("{"));
  if (!line) throw new Error(`the fill printed no figures:\n${r.stdout}`);
  return JSON.parse(line);
}

let browser: Browser | null = null;
let stack: Stack | null = null;
const cleanup = async () => {
  await browser?.close().catch(() => {});
  browser = null;
  await stopAll();
};
stopOnSignals(cleanup);

let failed = false;
try {
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM} (apt-get install -y chromium), or set BENCH_WEB_CHROMIUM`);
  const ports = { app: await freePort(), sim: await freePort() };
  if (process.env.BENCH_SKIP_BUILD === "1" && existsSync(distDir)) console.log(`reusing the build in ${distDir} (BENCH_SKIP_BUILD=1)`);
  else buildApp(benchEnv(distDir, ports, "/dev/null"), false);
  stack = await startStack(distDir, ports, { COLLECTOR_BUDGET_SHARE: "0" });

  const filled = fill(stack);
  console.log(`filled the database in ${filled.seconds} s: ${filled.snapshotRows} readings of ${filled.posts} published posts (${filled.upstreamCalls} calls to the simulator), ${filled.decisions} decisions`);
  const to = calendarDay(new Date());
  const from = shiftDay(to, -89);
  const campaign = filled.busiestCampaign;
  if (campaign.id === null) throw new Error("the simulator's world has no post published in the last 90 days");
  const pages = [
    { key: "trend" as const, data: /^\/api\/campaigns\/\d+\/trends$/, label: `90-day trend, campaign ${campaign.id} (${campaign.posts} posts published in the period)`, path: `/campaigns/${campaign.id}/engagement?range=90` },
    { key: "review" as const, data: /^\/api\/analytics\/review$/, label: "90-day review analytics (5,000 decisions)", path: `/analytics/review?from=${from}&to=${to}` },
  ];

  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const state: StorageState = await signIn(browser, stack.baseURL, USER);
  console.log(`load average ${loadavg().map((l) => l.toFixed(1)).join(" ")} on 2 cores; signed in as ${USER}; ${loads} loads per page and profile\n`);

  const rows: (string | number)[][] = [];
  for (const page of pages) {
    for (const profile of PROFILES) {
      const context = await browser.newContext({ baseURL: stack.baseURL, storageState: state, viewport: profile.viewport, isMobile: profile.isMobile, hasTouch: profile.isMobile, userAgent: profile.isMobile ? PHONE.userAgent : undefined, locale: "ru-RU" });
      await context.addInitScript(LONG_TASKS);
      const results: Load[] = [];
      try {
        for (let i = 0; i < loads; i++) results.push(await timeLoad(context, page.path, DRAWN[page.key], page.data, profile.cpuSlowdown));
      } finally {
        await context.close();
      }
      const [first, ...rest] = results as [Load, ...Load[]];
      rows.push([
        page.label,
        profile.name,
        ms(first.drawnMs),
        ms(median(rest.map((r) => r.htmlMs))),
        ms(median(rest.flatMap((r) => (r.dataMs === null ? [] : [r.dataMs])))),
        ms(median(rest.map((r) => r.drawnMs))),
        ms(Math.max(...rest.map((r) => r.drawnMs))),
        ms(median(rest.map((r) => r.blockingMs))),
        median(rest.map((r) => r.longTasks)) ?? "–",
      ]);
      console.log(`  ${page.key} / ${profile.name}: ${results.map((r) => `${Math.round(r.drawnMs)} ms`).join(", ")}`);
    }
  }
  console.log(`\n== time from navigation start to every chart drawn, ms (the first load is the first of its page and profile; then, over the other ${loads - 1}, the medians of when the document and the page's data answer had arrived and the charts were drawn, and the slowest) ==`);
  console.log(table(["page", "profile", "first load", "document (median)", "data answered (median)", "charts drawn (median)", "slowest", "blocking ms (median)", "long tasks"], rows, [0, 1]));
  console.log(`(load average now ${loadavg().map((l) => l.toFixed(1)).join(" ")}: on a loaded machine every figure grows)`);
} catch (e) {
  failed = true;
  console.error(`\nanalytics pages benchmark failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  if (stack) console.error(`\n-- dashboard log (${stack.logs.app}) --\n${tail(stack.logs.app)}\n-- simulator log --\n${tail(stack.logs.simulator)}`);
} finally {
  await cleanup();
  if (!failed) removeTmp(stack);
  else if (stack) console.error(`logs kept in ${stack.tmp}`);
}
process.exit(failed ? 1 : 0);

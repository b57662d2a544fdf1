// `npx tsx bench/compare-builds.ts <tree A> <tree B> [--loads=N] [/path …]`
//
// Main-thread blocking of the same pages in two builds, in one run: each tree
// (a checkout with its build in .next-prof, e.g. main before and after a change:
// `git worktree add /tmp/before <commit>`, `cp -al node_modules`, build there)
// gets its own simulator and dashboard, and the pages are loaded alternately
// A, B, A, B… as a phone (412×823, CPU slowed 4× like Lighthouse's mobile
// profile), so both see the same machine load. Prints per page and build the
// median over N loads (default 5) of: first contentful paint, the blocking
// time after it (each long task's time over 50 ms, summed, until 3 s after
// the network is idle) and the longest task. BENCH_PROFILE_DIST_DIR picks
// another build folder than .next-prof.
import { chromium, type Browser, type BrowserContext } from "@playwright/test";
import { resolve } from "node:path";
import { median, ms, table } from "./web/report";
import { freePort, startStack, stopAll, stopOnSignals, tail, type Stack } from "./web/servers";
import { CHROMIUM, CHROMIUM_FLAGS, pickIds, signIn, PHONE } from "./web/session";

const args = process.argv.slice(2);
// The first two arguments are the trees, any others the pages.
const positional = args.filter((a) => !a.startsWith("--"));
const trees = positional.slice(0, 2);
const loads = Math.max(1, Number(args.find((a) => a.startsWith("--loads="))?.slice(8) ?? 5) || 5);
const distDir = process.env.BENCH_PROFILE_DIST_DIR ?? ".next-prof";

type Load = { fcp: number; blocking: number; longest: number };

async function load(context: BrowserContext, path: string): Promise<Load> {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.goto(path, { waitUntil: "load", timeout: 120_000 });
    await page.waitForLoadState("networkidle", { timeout: 60_000 }).catch(() => {});
    await page.waitForTimeout(3_000);
    return await page.evaluate(() => {
      const w = window as unknown as { __tasks: { start: number; duration: number }[] };
      const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0;
      const after = w.__tasks.filter((t) => t.start >= fcp);
      return { fcp, blocking: after.reduce((s, t) => s + Math.max(0, t.duration - 50), 0), longest: Math.max(0, ...w.__tasks.map((t) => t.duration)) };
    });
  } finally {
    await page.close();
  }
}

let browser: Browser | null = null;
stopOnSignals(async () => {
  await browser?.close().catch(() => {});
  await stopAll();
});
const stacks: Stack[] = [];
try {
  if (trees.length !== 2) throw new Error("usage: compare-builds.ts <tree A> <tree B> [--loads=N] [/path …]");
  for (const tree of trees) stacks.push(await startStack(distDir, { app: await freePort(), sim: await freePort() }, {}, resolve(tree)));
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const ids = await pickIds(stacks[0]!.simURL, stacks[0]!.apiKey);
  const given = positional.slice(2);
  const paths = given.length ? given : ["/", "/campaigns", `/campaigns/${ids.campaign}/queue`, `/posts/${ids.post}`, `/campaigns/${ids.engagementCampaign}/engagement`, "/login"];
  const contexts: BrowserContext[] = [];
  for (const stack of stacks) {
    const state = await signIn(browser, stack.baseURL, "editor@example.com");
    const context = await browser.newContext({ baseURL: stack.baseURL, storageState: state, ...PHONE, locale: "ru-RU" });
    await context.addInitScript(() => {
      const w = window as unknown as { __tasks: { start: number; duration: number }[] };
      w.__tasks = [];
      new PerformanceObserver((l) => l.getEntries().forEach((e) => w.__tasks.push({ start: e.startTime, duration: e.duration }))).observe({ type: "longtask", buffered: true });
    });
    contexts.push(context);
  }
  const rows: (string | number)[][] = [];
  for (const path of paths) {
    const results: Load[][] = [[], []];
    for (let i = 0; i < loads; i++) for (const b of [0, 1]) results[b]!.push(await load(contexts[b]!, path));
    for (const b of [0, 1]) {
      const r = results[b]!;
      rows.push([path, b === 0 ? "A" : "B", ms(median(r.map((x) => x.fcp))), ms(median(r.map((x) => x.blocking))), ms(median(r.map((x) => x.longest))), r.map((x) => Math.round(x.blocking)).join(" ")]);
    }
    console.log(`  ${path} done`);
  }
  console.log(`\nA = ${trees[0]}, B = ${trees[1]}; ${loads} loads each, alternating, phone with CPU 4× slower (ms, medians)`);
  console.log(table(["page", "build", "first paint", "blocking after it", "longest task", "blocking, every load"], rows, [0, 1, 5]));
} catch (e) {
  process.exitCode = 1;
  console.error(e instanceof Error ? (e.stack ?? e.message) : String(e));
  for (const s of stacks) console.error(tail(s.logs.app));
} finally {
  await browser?.close().catch(() => {});
  await stopAll();
}

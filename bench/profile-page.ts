// `npx tsx bench/profile-page.ts /posts/1315 [/campaigns …]`
//
// Where a page's main-thread time goes while it loads, by source file: the
// page is loaded in Chromium as a phone (412×823, CPU slowed 4× like
// Lighthouse's mobile profile) under V8's sampling profiler, and every sample's
// position in a chunk is mapped back through the chunk's source map to the file
// it came from (ours, or the package under node_modules). Prints per page the
// long tasks (and their blocking time over 50 ms), then self time by file and
// by function. Needs a build with browser source maps:
//   NEXT_BROWSER_SOURCE_MAPS=1 NEXT_DIST_DIR=.next-prof node scripts/build.mjs
// (BENCH_PROFILE_DIST_DIR picks another folder). Signs in as the editor.
import { chromium, type Browser } from "@playwright/test";
import { TraceMap, originalPositionFor } from "@jridgewell/trace-mapping";
import { existsSync } from "node:fs";
import { table } from "./web/report";
import { freePort, startStack, stopAll, stopOnSignals, tail, type Stack } from "./web/servers";
import { CHROMIUM, CHROMIUM_FLAGS, signIn, PHONE } from "./web/session";

const distDir = process.env.BENCH_PROFILE_DIST_DIR ?? ".next-prof";
const paths = process.argv.slice(2).filter((a) => a.startsWith("/"));

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

const maps = new Map<string, Promise<TraceMap | null>>();
function mapOf(url: string): Promise<TraceMap | null> {
  let p = maps.get(url);
  if (!p) {
    // The map's name is not the chunk's: the chunk's last line names it.
    p = fetch(url)
      .then((r) => (r.ok ? r.text() : ""))
      .then((js) => {
        const name = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(js)?.[1];
        return name ? fetch(new URL(name, url)) : null;
      })
      .then((r) => (r?.ok ? r.json() : null))
      .then((j) => (j ? new TraceMap(j) : null))
      .catch(() => null);
    maps.set(url, p);
  }
  return p;
}

/** A source path as a short label: the package under node_modules, or our file. */
function label(source: string): string {
  const s = source.replace(/^.*?\[project\]\//, "").replace(/^webpack:\/\/[^/]*\//, "").replace(/^(\.\.\/)+/, "");
  const nm = s.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const rest = s.slice(nm + "node_modules/".length).split("/");
    const pkg = rest[0]?.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0];
    // React DOM and the router ship inside next: name them.
    if (pkg === "next" && rest.includes("compiled")) return `next/compiled/${rest[rest.indexOf("compiled") + 1]}`;
    return pkg ?? s;
  }
  return s;
}

async function profilePage(browser: Browser, stack: Stack, state: Awaited<ReturnType<typeof signIn>>, path: string): Promise<void> {
  const context = await browser.newContext({ baseURL: stack.baseURL, storageState: state, ...PHONE, locale: "ru-RU" });
  await context.addInitScript(() => {
    const w = window as unknown as { __tasks: { start: number; duration: number }[] };
    w.__tasks = [];
    new PerformanceObserver((l) => l.getEntries().forEach((e) => w.__tasks.push({ start: e.startTime, duration: e.duration }))).observe({ type: "longtask", buffered: true });
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 250 });
  await cdp.send("Profiler.start");
  await page.goto(path, { waitUntil: "load", timeout: 120_000 });
  await page.waitForLoadState("networkidle", { timeout: 60_000 }).catch(() => {});
  await page.waitForTimeout(3_000);
  const { profile } = (await cdp.send("Profiler.stop")) as unknown as { profile: Profile };
  const tasks = await page.evaluate(() => (window as unknown as { __tasks: { start: number; duration: number }[] }).__tasks);
  const fcp = await page.evaluate(() => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0);
  await context.close();

  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === "(idle)").map((n) => n.id));
  // The longest run of samples without idle: the page's longest task, shown on its own below.
  let run = { from: 0, to: 0 };
  for (let i = 0, start = 0, span = 0; i < profile.samples.length; i++) {
    if (idle.has(profile.samples[i] as number)) {
      start = i + 1;
      span = 0;
      continue;
    }
    span += profile.timeDeltas[i] ?? 0;
    if (span > (run.to > run.from ? sumDeltas(profile, run.from, run.to) : 0)) run = { from: start, to: i + 1 };
  }
  const selfUs = new Map<number, number>();
  const longestUs = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
    if (i >= run.from && i < run.to) longestUs.set(id, (longestUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const stretchLines: string[] = [];
  const placeOf = async (node: ProfileNode): Promise<{ file: string; fn: string; where: string }> => {
    const { url, functionName, lineNumber, columnNumber } = node.callFrame;
    let file = url ? (url.includes("/_next/static/") ? "(unmapped chunk)" : new URL(url).pathname === path.split("?")[0] ? "(the document's inline scripts)" : url) : functionName || "(native)";
    let fn = functionName;
    let where = "";
    if (url.includes("/_next/static/chunks/")) {
      const map = await mapOf(url);
      const pos = map ? originalPositionFor(map, { line: lineNumber + 1, column: columnNumber }) : null;
      if (pos?.source) {
        file = label(pos.source);
        fn = pos.name ?? functionName;
        where = `${pos.source.replace(/^.*node_modules\//, "").replace(/^.*\[project\]\//, "")}:${pos.line}`;
      }
    }
    return { file, fn, where };
  };
  const byFile = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const byFunctionLongest = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const node = byId.get(id);
    if (!node) continue;
    const { file, fn, where } = await placeOf(node);
    byFile.set(file, (byFile.get(file) ?? 0) + us / 1000);
    const key = `${fn || "(anonymous)"} · ${where || file}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us / 1000);
    const inLongest = longestUs.get(id);
    if (inLongest) byFunctionLongest.set(key, (byFunctionLongest.get(key) ?? 0) + inLongest / 1000);
  }
  // Every busy stretch over 80 ms, each with its own top functions and the part of it spent in or
  // under our own code (components/, lib/, app/): which of our files the stretch's work is for.
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const where = await Promise.all(profile.nodes.map(async (n) => [n.id, await placeOf(n)] as const));
  const place = new Map(where);
  const ours = (id: number): string | null => {
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const p = place.get(at);
      if (p && /^(components|lib|app)\//.test(p.file)) return p.file;
    }
    return null;
  };
  const stretches: { from: number; to: number; ms: number }[] = [];
  for (let i = 0, start = 0, span = 0; i <= profile.samples.length; i++) {
    const isIdle = i === profile.samples.length || idle.has(profile.samples[i] as number);
    if (!isIdle) {
      span += profile.timeDeltas[i] ?? 0;
      continue;
    }
    if (span / 1000 > 80) stretches.push({ from: start, to: i, ms: span / 1000 });
    start = i + 1;
    span = 0;
  }
  let at = 0;
  const startMs: number[] = [];
  profile.timeDeltas.forEach((d) => startMs.push((at += d) / 1000));
  for (const st of stretches) {
    const fns = new Map<string, number>();
    const underOurs = new Map<string, number>();
    for (let i = st.from; i < st.to; i++) {
      const id = profile.samples[i] as number;
      const us = (profile.timeDeltas[i] ?? 0) / 1000;
      const p = place.get(id);
      const key = p ? `${p.fn || "(anonymous)"} · ${p.where || p.file}` : "?";
      fns.set(key, (fns.get(key) ?? 0) + us);
      const o = ours(id) ?? "(not under our code)";
      underOurs.set(o, (underOurs.get(o) ?? 0) + us);
    }
    const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${Math.round(v)} ${k}`).join("; ");
    stretchLines.push(`busy ${Math.round(st.ms)} ms at ~${Math.round(startMs[st.from] ?? 0)} ms of the profile\n    functions: ${top(fns, 6)}\n    under our files: ${top(underOurs, 6)}`);
  }
  const blocking = tasks.filter((t) => t.start >= fcp).reduce((s, t) => s + Math.max(0, t.duration - 50), 0);
  console.log(`\n=== ${path} (phone, CPU 4× slower) ===`);
  console.log(`long tasks: ${tasks.length}, ${tasks.map((t) => `${Math.round(t.duration)}@${Math.round(t.start)}`).join(" ")} ms; blocking after first paint (${Math.round(fcp)} ms): ${Math.round(blocking)} ms`);
  const top = (m: Map<string, number>, n: number) => [...m].filter(([k]) => k !== "(idle)").sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => [k, Math.round(v)]);
  console.log(table(["self time by file", "ms"], top(byFile, 30)));
  console.log(table(["self time by function", "ms"], top(byFunction, 25)));
  console.log(`busy stretches over 80 ms:\n  ${stretchLines.join("\n  ")}`);
  console.log(table([`the longest busy stretch (${Math.round(sumDeltas(profile, run.from, run.to) / 1000)} ms), by function`, "ms"], top(byFunctionLongest, 20)));
}

function sumDeltas(p: Profile, from: number, to: number): number {
  let us = 0;
  for (let i = from; i < to; i++) us += p.timeDeltas[i] ?? 0;
  return us;
}

let browser: Browser | null = null;
let stack: Stack | null = null;
stopOnSignals(async () => {
  await browser?.close().catch(() => {});
  await stopAll();
});
try {
  if (paths.length === 0) throw new Error("name the pages to profile, e.g. /posts/1315");
  if (!existsSync(distDir)) throw new Error(`no build in ${distDir}: NEXT_BROWSER_SOURCE_MAPS=1 NEXT_DIST_DIR=${distDir} node scripts/build.mjs`);
  stack = await startStack(distDir, { app: await freePort(), sim: await freePort() });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const state = await signIn(browser, stack.baseURL, "editor@example.com");
  for (const path of paths) await profilePage(browser, stack, state, path);
} catch (e) {
  process.exitCode = 1;
  console.error(e instanceof Error ? (e.stack ?? e.message) : String(e));
  if (stack) console.error(tail(stack.logs.app));
} finally {
  await browser?.close().catch(() => {});
  await stopAll();
}

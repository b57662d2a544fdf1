// `npm run bench:web [-- --diagnose] [--runs=N] [--rounds=N] [--pages=key,…] [--no-lighthouse] [--no-nav]
//                     [--floor-runs=N] [--no-floor]`
//
// Browser speed of the dashboard: builds it for production into .next-bench-web
// (BENCH_SKIP_BUILD=1 reuses that build), starts the simulator and the
// dashboard on free ports, signs in through the login form, then prints
//  - per page, from Lighthouse 12 in Debian's Chromium: mobile performance and
//    accessibility scores, desktop performance, and (mobile) TBT, CLS, LCP and
//    the JavaScript of the first load (gzip bytes of the scripts the page's HTML
//    names) apart from the chunks loaded later on demand in the same load;
//  - warm navigations in Playwright: click to content, every round and the
//    median, and whether the target's data was already in the browser;
//  - against the floor (bench/web/floor-compare.ts): each page's
//    first-load JS beside the last stage of `npm run bench:floor`, and mobile
//    Lighthouse alternating floor, page, floor, page… (--floor-runs, 5), with
//    the verdicts: JS ≤ floor + 45 kB, score ≥ 90, TBT ≤ floor's + 200 ms, CLS ≤ 0.02;
//  - with --diagnose: per page, the largest first-load chunks and the modules
//    in them, the sources of long tasks (what total blocking time is made of)
//    and the elements behind layout shifts.
// --runs=N: Lighthouse runs per page and form factor, the median run shown (1).
// --rounds=N: navigation rounds, at least 3 (5). --pages=overview,campaigns,
// queue,post,engagement,login: only these. BENCH_WEB_USER signs in (editor@…).
// Everything also goes to bench/results/web.json, and the servers' logs to
// bench/results/web-app.log and web-simulator.log; a Lighthouse run in which
// the server answered a request with 5xx says so. Every server started here is
// stopped at the end, on failure and on Ctrl-C too.
//
// On a shared 2-core machine absolute figures are noisy: compare pages within one
// run, and use --runs=3 (Lighthouse's median run) when a figure matters.
import { chromium, type Browser } from "@playwright/test";
import { copyFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { mapChunks, owners, topModules, type ChunkMap } from "./web/chunks";
import { medianRun, runLighthouse, stopLighthouseChrome, type LhSummary } from "./web/lighthouse";
import { measureNavigations, type NavResult } from "./web/navigation";
import { htmlScripts, splitScripts } from "./web/html-scripts";
import { compareWithFloor, printFloorVerdict, type FloorRow } from "./web/floor-compare";
import { pagesFor, type PageSpec } from "./web/pages";
import { cls, kb, median, ms, pct, shortUrl, table } from "./web/report";
import { buildApp, freePort, removeTmp, startStack, stopAll, stopOnSignals, tail, benchEnv, type Stack } from "./web/servers";
import { CHROMIUM, CHROMIUM_FLAGS, cookieHeader, pickIds, signIn } from "./web/session";

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string, fallback: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;

const distDir = process.env.BENCH_WEB_DIST_DIR ?? ".next-bench-web";
const diagnose = flag("diagnose");
const runs = Math.max(1, Number(option("runs", process.env.BENCH_WEB_RUNS ?? "1")) || 1);
const rounds = Math.max(3, Number(option("rounds", process.env.BENCH_WEB_ROUNDS ?? "5")) || 5);
const onlyPages = option("pages", "").split(",").filter(Boolean);
const floorRuns = Math.max(1, Number(option("floor-runs", "5")) || 5);
const user = process.env.BENCH_WEB_USER ?? "editor@example.com";

/** Every Lighthouse report of the run, to open in the Lighthouse viewer (bench/results is not committed). */
const REPORTS = "bench/results/web-lighthouse";

function log(s: string): void {
  console.log(s);
}

type PageResult = {
  page: PageSpec;
  mobile: LhSummary | null;
  desktop: LhSummary | null;
  mobileRuns: LhSummary[];
  desktopRuns: LhSummary[];
  /** Chunk files the page's HTML names (bench/web/html-scripts.ts): its first-load JS. */
  inHtml: Set<string>;
  errors: string[];
};

async function lighthousePages(stack: Stack, pages: PageSpec[], cookie: string): Promise<PageResult[]> {
  const results: PageResult[] = [];
  for (const page of pages) {
    const url = `${stack.baseURL}${page.path}`;
    const result: PageResult = { page, mobile: null, desktop: null, mobileRuns: [], desktopRuns: [], inHtml: new Set(), errors: [] };
    try {
      result.inHtml = await htmlScripts(url, page.signedIn ? cookie : undefined);
    } catch (e) {
      result.errors.push(`reading its HTML: ${e instanceof Error ? e.message : String(e)}`);
    }
    for (const formFactor of ["mobile", "desktop"] as const) {
      for (let i = 1; i <= runs; i++) {
        const started = Date.now();
        try {
          const { summary: r, report } = await runLighthouse(url, {
            formFactor,
            cookie: page.signedIn ? cookie : undefined,
            categories: formFactor === "mobile" ? ["performance", "accessibility"] : ["performance"],
          });
          writeFileSync(join(REPORTS, `${page.key}-${formFactor}-${i}.json`), report);
          if (page.signedIn && new URL(r.finalUrl).pathname.startsWith("/login")) r.error = "ended on /login: the session cookie was not accepted";
          if (r.error) result.errors.push(`${formFactor}: ${r.error}`);
          (formFactor === "mobile" ? result.mobileRuns : result.desktopRuns).push(r);
          log(`  lighthouse ${formFactor.padEnd(7)} ${page.label}${runs > 1 ? ` run ${i}/${runs}` : ""}: perf ${pct(r.performance)}${formFactor === "mobile" ? `, a11y ${pct(r.accessibility)}` : ""} (${((Date.now() - started) / 1000).toFixed(0)} s, machine index ${r.benchmarkIndex ?? "–"})${r.error ? ` — ${r.error}` : ""}${r.failedRequests.length ? ` — FAILED REQUESTS (the page's outage state was measured): ${r.failedRequests.join(", ")}` : ""}`);
        } catch (e) {
          const message = e instanceof Error ? e.message.split("\n")[0] : String(e);
          result.errors.push(`${formFactor}: ${message}`);
          log(`  lighthouse ${formFactor} ${page.label}: failed — ${message}`);
        }
      }
    }
    result.mobile = result.mobileRuns.length ? medianRun(result.mobileRuns) : null;
    result.desktop = result.desktopRuns.length ? medianRun(result.desktopRuns) : null;
    results.push(result);
  }
  return results;
}

function printLighthouse(results: PageResult[]): void {
  log(`\n== Lighthouse 12 (${runs > 1 ? `median of ${runs} runs` : "one run"} per page; TBT, CLS, LCP and JS from the mobile run) ==`);
  log(
    table(
      ["page", "mobile perf", "mobile a11y", "desktop perf", "TBT ms", "CLS", "CLS worst run", "LCP ms", "first-load JS KB (gzip)", "loaded later KB", "scripts", "machine index"],
      results.map(({ page, mobile, desktop, mobileRuns, inHtml }) => [
        page.label,
        pct(mobile?.performance),
        pct(mobile?.accessibility),
        pct(desktop?.performance),
        ms(mobile?.tbt),
        cls(mobile?.cls),
        cls(worstShift(mobileRuns)?.cls),
        ms(mobile?.lcp),
        mobile ? kb(splitScripts(mobile.scripts, inHtml).first) : "–",
        mobile ? kb(splitScripts(mobile.scripts, inHtml).later) : "–",
        mobile ? mobile.scripts.length : "–",
        mobile?.benchmarkIndex ? Math.round(mobile.benchmarkIndex) : "–",
      ]),
    ),
  );
  log("(JS: the scripts Lighthouse's mobile load fetched, each gzip-compressed at level 6 and summed; first-load: those the page's HTML names");
  log(" (script tags, preloads, the RSC payload's client references); loaded later: chunks imported on demand during the same load (charts,");
  log(" the schema check's worker). Bytes on the wire are in the JSON.");
  log(" Machine index: Lighthouse's benchmarkIndex at the run, ~1000+ on an idle desktop; lower means a loaded machine and inflated TBT.)");
  const desk = results.map(({ page, desktop }) => [page.label, ms(desktop?.tbt), cls(desktop?.cls), ms(desktop?.lcp)]);
  log(`\ndesktop run:\n${table(["page", "TBT ms", "CLS", "LCP ms"], desk)}`);
  const a11y = results.filter((r) => r.mobile && r.mobile.failedA11y.length > 0);
  if (a11y.length) log(`\naccessibility audits failing:\n${a11y.map((r) => `  ${r.page.label}: ${r.mobile?.failedA11y.join(", ")}`).join("\n")}`);
  const errors = results.filter((r) => r.errors.length);
  if (errors.length) log(`\nerrors:\n${errors.map((r) => `  ${r.page.label}: ${r.errors.join("; ")}`).join("\n")}`);
}

function printNavigations(navs: NavResult[]): void {
  log(`\n== Warm navigations: click (or history.back) to content on screen, ms, ${rounds} rounds, each in a fresh browser context ==`);
  const n0 = navs[0]?.rounds.length ?? 0;
  log(
    table(
      ["navigation", "visit", "median", ...Array.from({ length: n0 }, (_, i) => `#${i + 1}`), "data in browser?", "answered before content (median)", "skeleton shown"],
      navs.map((n) => {
        const done = n.fetched.filter((f) => f.rsc >= 0);
        const inBrowser = done.filter((f) => f.rsc === 0 && f.api === 0 && !f.skeleton).length;
        const skeletons = done.filter((f) => f.skeleton).length;
        return [
          n.name,
          n.visit,
          ms(median(n.rounds.filter((r): r is number => r !== null))),
          ...n.rounds.map((r) => (r === null ? "fail" : ms(r))),
          !done.length ? "–" : inBrowser === done.length ? "yes" : inBrowser === 0 ? "no" : `${inBrowser}/${done.length} rounds`,
          done.length ? `rsc ${median(done.map((f) => f.rsc))}, api ${median(done.map((f) => f.api))}` : "–",
          done.length ? `${skeletons}/${done.length}` : "–",
        ];
      }),
      [0, 1, 3 + n0, 4 + n0],
    ),
  );
  log(" (data in browser: no RSC or /api request answered between the click and the content, and no skeleton on the way)");
  const errors = navs.filter((n) => n.errors.length);
  if (errors.length) log(`errors:\n${errors.map((n) => `  ${n.name}: ${[...new Set(n.errors)].join("; ")}`).join("\n")}`);
}

function contents(map: ChunkMap | null, url: string): string {
  const file = shortUrl(url);
  const info = map?.chunks.get(file);
  if (!info || info.parts.length === 0) return "";
  return owners(info, 4)
    .map((o) => `${o.owner} ${kb(o.compressed)}`)
    .join(", ");
}

function printDiagnosis(results: PageResult[], map: ChunkMap | null): void {
  log("\n== Diagnosis (from each page's mobile Lighthouse run; KB of modules are the analyzer's compressed sizes) ==");
  if (map?.note) log(`note: ${map.note}`);
  // What every measured page loads (the shell and the framework) vs what each page adds.
  const runs = results.flatMap((r) => (r.mobile ? [r.mobile] : []));
  const common = runs.length > 1 ? runs.map((m) => new Set(m.scripts.map((s) => shortUrl(s.url)))).reduce((a, b) => new Set([...a].filter((x) => b.has(x)))) : new Set<string>();
  if (common.size > 0 && runs[0]) {
    const shared = runs[0].scripts.filter((s) => common.has(shortUrl(s.url))).sort((a, b) => b.gzip - a.gzip);
    log(`\nloaded by every page: ${shared.length} scripts, ${kb(shared.reduce((t, s) => t + Math.max(0, s.gzip), 0))} KB gzip`);
    log(table(["  chunk", "gzip KB", "packages / folders in it (compressed KB)"], shared.map((s) => [`  ${shortUrl(s.url)}`, kb(s.gzip), contents(map, s.url)]), [0, 2]));
    log(
      `page's own JS on top: ${results
        .map((r) => `${r.page.label} ${kb(r.mobile?.scripts.filter((s) => !common.has(shortUrl(s.url))).reduce((t, s) => t + Math.max(0, s.gzip), 0))} KB`)
        .join(", ")}`,
    );
  }
  for (const r of results) {
    const m = r.mobile;
    log(`\n--- ${r.page.label} ---`);
    if (!m) {
      log("  no Lighthouse run");
      continue;
    }
    const pageUrl = m.url;
    log(`LCP ${ms(m.lcp)} ms, element: ${m.lcpElement ?? "–"}`);

    const unused = new Map(m.unusedJs.map((u) => [u.url, u.wasted]));
    const boot = new Map(m.bootup.map((b) => [b.url, b]));
    const scripts = [...m.scripts].sort((a, b) => b.gzip - a.gzip);
    log(`JS of the load: ${scripts.length} scripts (${scripts.filter((x) => r.inHtml.has(shortUrl(x.url))).length} named by the HTML), ${kb(m.jsGzip)} KB gzip, ${kb(scripts.reduce((s, x) => s + x.resource, 0))} KB raw. Largest:`);
    log(
      table(
        ["  chunk", "gzip KB", "raw KB", "unused KB", "eval ms", "packages / folders in it (compressed KB)"],
        scripts.slice(0, 6).map((s) => [
          `  ${shortUrl(s.url)}`,
          kb(s.gzip),
          kb(s.resource),
          unused.has(s.url) ? kb(unused.get(s.url)) : "–",
          ms(boot.get(s.url)?.scripting),
          contents(map, s.url),
        ]),
        [0, 5],
      ),
    );
    for (const s of scripts.slice(0, 4)) {
      const info = map?.chunks.get(shortUrl(s.url));
      if (!info || info.parts.length === 0) continue;
      log(`    ${shortUrl(s.url)}: ${topModules(info, 4).map((p) => `${p.path.replace(/^\[project\]\//, "")} ${kb(p.compressed)}`).join(", ")}`);
    }

    const bySource = new Map<string, { tasks: number; total: number; blocking: number }>();
    for (const t of m.longTasks) {
      const s = bySource.get(t.url) ?? { tasks: 0, total: 0, blocking: 0 };
      s.tasks += 1;
      s.total += t.duration;
      s.blocking += Math.max(0, t.duration - 50);
      bySource.set(t.url, s);
    }
    const sources = [...bySource].sort((a, b) => b[1].blocking - a[1].blocking);
    log(`long tasks: ${m.longTasks.length} (TBT ${ms(m.tbt)} ms; the part of each task over 50 ms, by the script it is attributed to):`);
    if (sources.length) {
      log(
        table(
          ["  source", "tasks", "total ms", "over 50 ms", "packages / folders in it"],
          sources.slice(0, 6).map(([url, s]) => [`  ${shortUrl(url, pageUrl)}`, s.tasks, ms(s.total), ms(s.blocking), contents(map, url)]),
          [0, 4],
        ),
      );
    }
    const topBoot = [...m.bootup].sort((a, b) => b.scripting - a.scripting).slice(0, 4);
    if (topBoot.length) log(`script evaluation: ${topBoot.map((b) => `${shortUrl(b.url, pageUrl)} ${ms(b.scripting)} ms`).join(", ")}`);
    const work = [...m.mainThread].sort((a, b) => b.duration - a.duration).slice(0, 5);
    log(`main-thread work: ${work.map((w) => `${w.group} ${ms(w.duration)} ms`).join(", ")}`);

    // Shifts depend on what arrives before the first paint: the worst run shows the culprits best.
    for (const [formFactor, all] of [["mobile", r.mobileRuns], ["desktop", r.desktopRuns]] as const) {
      const run = worstShift(all);
      if (!run) continue;
      const shifts = run.shifts.filter((s) => s.score > 0 || s.causes.length > 0);
      const which = all.length > 1 ? `, worst of ${all.length} runs` : "";
      if (shifts.length === 0) {
        log(`layout shifts, ${formFactor}: none (CLS ${cls(run.cls)}${which})`);
        continue;
      }
      log(`layout shifts, ${formFactor} (CLS ${cls(run.cls)}${which}): the element that moved, its shift score, and the cause Lighthouse found`);
      for (const s of shifts.slice(0, 5)) {
        const label = s.label.replace(/\s+/g, " ").slice(0, 50);
        log(`  ${s.score.toFixed(4)}  ${s.selector || s.snippet}  “${label}”${s.causes.length ? `  — ${s.causes.join("; ")}` : ""}`);
      }
    }
  }
}

let browser: Browser | null = null;
let stack: Stack | null = null;
const cleanup = async () => {
  stopLighthouseChrome();
  await browser?.close().catch(() => {});
  browser = null;
  await stopAll();
};
stopOnSignals(cleanup);

let failed = false;
try {
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM} (apt-get install -y chromium), or set BENCH_WEB_CHROMIUM`);
  const ports = { app: await freePort(), sim: await freePort() };
  if (process.env.BENCH_SKIP_BUILD === "1" && existsSync(distDir)) log(`reusing the build in ${distDir} (BENCH_SKIP_BUILD=1)`);
  else buildApp(benchEnv(distDir, ports, "/dev/null"), process.env.BENCH_WEB_TYPECHECK === "1");

  log(`load average ${loadavg().map((l) => l.toFixed(1)).join(" ")} on 2 cores shared with others: absolute figures are noisy`);
  log(`starting the simulator (:${ports.sim}) and the dashboard (:${ports.app})…`);
  stack = await startStack(distDir, ports);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const state = await signIn(browser, stack.baseURL, user);
  const cookie = cookieHeader(state, stack.baseURL);
  if (!/session-token/.test(cookie)) throw new Error(`signed in as ${user} but got no session cookie (${cookie || "none"})`);
  const ids = await pickIds(stack.simURL, stack.apiKey);
  log(`signed in as ${user}; campaign ${ids.campaign} (${ids.waiting} posts waiting), post ${ids.post}, engagement of campaign ${ids.engagementCampaign}`);

  const pages = pagesFor(ids).filter((p) => onlyPages.length === 0 || onlyPages.includes(p.key));
  let lh: PageResult[] = [];
  if (!flag("no-lighthouse")) {
    rmSync(REPORTS, { recursive: true, force: true });
    mkdirSync(REPORTS, { recursive: true });
    log(`\nLighthouse: ${pages.length} pages × mobile and desktop × ${runs} run(s)…`);
    lh = await lighthousePages(stack, pages, cookie);
    printLighthouse(lh);
  }
  let floor: FloorRow[] = [];
  if (!flag("no-floor")) {
    log(`\nagainst the floor: ${pages.length} pages × ${floorRuns} alternating rounds…`);
    floor = await compareWithFloor({ baseURL: stack.baseURL, pages, cookie, runs: floorRuns, log });
    printFloorVerdict(floor, floorRuns, log);
  }
  let navs: NavResult[] = [];
  if (!flag("no-nav")) {
    log(`\nwarm navigations, ${rounds} rounds…`);
    navs = await measureNavigations(browser, { baseURL: stack.baseURL, state, campaign: ids.campaign, rounds, log });
    printNavigations(navs);
  }
  let chunkMap: ChunkMap | null = null;
  if (diagnose && lh.length) {
    log("\nreading the build's module graph (next analyze export)…");
    chunkMap = mapChunks(distDir);
    printDiagnosis(lh, chunkMap);
  }

  mkdirSync("bench/results", { recursive: true });
  const json = {
    at: new Date().toISOString(),
    loadAverage: loadavg(),
    distDir,
    user,
    ids,
    runs,
    rounds,
    lighthouse: lh.map((r) => ({ page: r.page, errors: r.errors, firstLoadScripts: [...r.inHtml], mobile: r.mobile, desktop: r.desktop, mobileRuns: r.mobileRuns.map(brief), desktopRuns: r.desktopRuns.map(brief) })),
    floor,
    navigations: navs,
    chunks: chunkMap ? Object.fromEntries([...chunkMap.chunks].map(([f, c]) => [f, { size: c.size, matchedBy: c.matchedBy, owners: owners(c, 10) }])) : undefined,
  };
  writeFileSync("bench/results/web.json", JSON.stringify(json, null, 2));
  log(`\nwrote bench/results/web.json${lh.length ? ` and every Lighthouse report in ${REPORTS}/` : ""} (load average now ${loadavg().map((l) => l.toFixed(1)).join(" ")})`);
  failed = lh.some((r) => r.errors.length > 0) || navs.some((n) => n.rounds.every((r) => r === null));
} catch (e) {
  failed = true;
  console.error(`\nbench:web failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  if (stack) console.error(`\n-- dashboard log (${stack.logs.app}) --\n${tail(stack.logs.app)}\n-- simulator log --\n${tail(stack.logs.simulator)}`);
} finally {
  await cleanup();
  // The servers' logs outlive the run (bench/results is not committed): a failed request flagged above can be traced.
  if (stack) for (const [name, file] of Object.entries(stack.logs)) if (existsSync(file)) copyFileSync(file, `bench/results/web-${name}.log`);
  if (!failed) removeTmp(stack);
  else if (stack) console.error(`logs kept in ${stack.tmp}`);
}
process.exit(failed ? 1 : 0);

function worstShift(runs: LhSummary[]): LhSummary | undefined {
  return [...runs].sort((a, b) => (b.cls ?? 0) - (a.cls ?? 0))[0];
}

function brief(r: LhSummary) {
  return { performance: r.performance, accessibility: r.accessibility, tbt: r.tbt, cls: r.cls, lcp: r.lcp, jsGzip: r.jsGzip, benchmarkIndex: r.benchmarkIndex, error: r.error };
}

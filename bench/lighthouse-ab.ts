// `npx tsx bench/lighthouse-ab.ts <build A> <build B> [--runs=N] [--pages=queue,post,…]`
//
// A build is a build folder of this tree, or another checkout (a folder with a package.json, e.g.
// `git worktree add ../ab/before <commit>` with `cp -al node_modules` and its build in .next-ab,
// BENCH_AB_DIST_DIR): then its own server and simulator run from there, to compare commits.
//
// Lighthouse's mobile profile on the same pages of two production builds of this
// tree (two `NEXT_DIST_DIR` folders, e.g. `node scripts/build.mjs` before and after
// a change), run alternately A, B, A, B… so both see the same machine load. On this
// shared 2-core machine one page's Lighthouse score moves by 10 and its blocking
// time by hundreds of ms between runs minutes apart (the machine index with it):
// a table of one build measured after another's compares the machine, not the
// builds. Each build gets its own simulator and dashboard, signed in as the editor.
// Prints per page and build the medians of the score, blocking time, LCP and the
// machine index, and every run's score and blocking time.
import { chromium } from "@playwright/test";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { runLighthouse, stopLighthouseChrome, type LhSummary } from "./web/lighthouse";
import { pagesFor } from "./web/pages";
import { median, ms, table } from "./web/report";
import { freePort, startStack, stopAll, stopOnSignals, type Stack } from "./web/servers";
import { CHROMIUM, CHROMIUM_FLAGS, cookieHeader, pickIds, signIn } from "./web/session";

const args = process.argv.slice(2);
const builds = args.filter((a) => !a.startsWith("--"));
const runs = Math.max(1, Number(args.find((a) => a.startsWith("--runs="))?.slice(7) ?? 5) || 5);
const onlyPages = (args.find((a) => a.startsWith("--pages="))?.slice(8) ?? "overview,campaigns,queue,post,engagement").split(",");

if (builds.length !== 2 || !builds.every((b) => existsSync(b))) {
  console.error("usage: npx tsx bench/lighthouse-ab.ts <build folder A> <build folder B> [--runs=N] [--pages=key,…]");
  process.exit(2);
}
stopOnSignals(async () => {
  stopLighthouseChrome();
  await stopAll();
});

type Side = { dist: string; stack: Stack; cookie: string };

const AB_DIST = process.env.BENCH_AB_DIST_DIR ?? ".next-ab";
/** A checkout: its own build folder and its own server code, run from there. */
const isTree = (build: string) => existsSync(join(build, "package.json"));

async function main(): Promise<void> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const sides: Side[] = [];
  try {
    for (const dist of builds) {
      const stack = isTree(dist)
        ? await startStack(AB_DIST, { app: await freePort(), sim: await freePort() }, {}, resolve(dist))
        : await startStack(dist, { app: await freePort(), sim: await freePort() });
      const cookie = cookieHeader(await signIn(browser, stack.baseURL, "editor@example.com"), stack.baseURL);
      sides.push({ dist, stack, cookie });
    }
  } finally {
    await browser.close();
  }
  // Both simulators start from the same seed: the same ids name the same posts in both.
  const first = sides[0] as Side;
  const pages = pagesFor(await pickIds(first.stack.simURL, first.stack.apiKey)).filter((p) => onlyPages.includes(p.key));
  const results = new Map<string, LhSummary[]>();
  for (const page of pages) {
    for (let run = 0; run < runs; run++) {
      for (const side of sides) {
        const { summary } = await runLighthouse(`${side.stack.baseURL}${page.path}`, {
          formFactor: "mobile",
          cookie: page.signedIn ? side.cookie : undefined,
          categories: ["performance"],
        });
        const key = `${page.path}\u0000${side.dist}`;
        results.set(key, [...(results.get(key) ?? []), summary]);
        console.log(`${page.path} ${side.dist} run ${run + 1}/${runs}: perf ${summary.performance ?? "–"}, TBT ${ms(summary.tbt)} ms, LCP ${ms(summary.lcp)} ms, index ${ms(summary.benchmarkIndex)}${summary.error ? ` (${summary.error})` : ""}`);
      }
    }
  }
  const rows: (string | number)[][] = [];
  for (const page of pages) {
    for (const side of sides) {
      const all = (results.get(`${page.path}\u0000${side.dist}`) ?? []).filter((r) => !r.error);
      const of = (f: (r: LhSummary) => number | null) => median(all.map(f).filter((v): v is number => v !== null));
      rows.push([
        page.path,
        side.dist,
        ms(of((r) => r.performance)),
        ms(of((r) => r.tbt)),
        ms(of((r) => r.lcp)),
        ms(of((r) => r.benchmarkIndex)),
        all.map((r) => `${r.performance}/${ms(r.tbt)}`).join(" "),
      ]);
    }
  }
  console.log(`\n== Lighthouse mobile, ${runs} runs per page and build, alternating (medians) ==`);
  console.log(table(["page", "build", "perf", "TBT ms", "LCP ms", "machine index", "each run: perf/TBT"], rows, [0, 1, 6]));
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(async () => {
    stopLighthouseChrome();
    await stopAll();
  });

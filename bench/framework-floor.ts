// `npm run bench:floor [-- --no-build]`
//
// The framework's floor of first-load JS: what a page costs before any of the
// dashboard's own code, with the framework and the client libraries every page
// of the dashboard carries. Generates five minimal apps into .next-floor/<stage>/
// (gitignored; left there to look into), each adding one library to the one
// before, wired as the dashboard wires it:
//   (a) Next + React: a root layout and a page with one 'use client' counter;
//   (b) + @tanstack/react-query: QueryClientProvider and one useQuery;
//   (c) + nuqs: NuqsAdapter and one useQueryState;
//   (d) + next-intl: NextIntlClientProvider and useTranslations, with the
//       dashboard's plugin options (messages precompiled: no ICU parser shipped);
//   (e) + next-themes: ThemeProvider.
// Builds each for production with Turbopack (one at a time), starts it on a free
// port, and prints per stage the first-load JS by the measure of `npm run
// bench:web` (gzip level 6 bytes of the chunks the page's HTML names) without the
// `<script noModule>` polyfills a modern browser never fetches, the difference
// to the stage before, whether the ICU parser is in it, and what is left of the
// dashboard's budget; and stage (a)'s chunks. The stages' chunks lack the compile
// hint scripts/build.mjs adds to the dashboard's (one comment line each, a few
// bytes gzip): not worth a build step of their own.
// --no-build: measure each stage's existing build (building only those without one).
// Figures also go to bench/results/framework-floor.json; each stage's build and
// server logs stay in its folder. Every build and server started here is stopped
// at the end, on failure and on Ctrl-C too.
//
// Why: a budget for the dashboard's first-load JS means nothing without knowing
// how much of it the dashboard cannot remove by changing its own code. Sizes do
// not depend on the machine: unlike bench:web's timings, one run is enough.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { ABOVE_FLOOR_KB, buildStage, floorDir, repoRoot, stageBuilt, startStage } from "./floor/app";
import { measurePage, type PageJs } from "./floor/measure";
import { STAGES, type Stage } from "./floor/stages";
import { kb, table } from "./web/report";
import { isStopping, stopAll, stopOnSignals } from "./web/servers";

const resultsFile = join(repoRoot, "bench/results/framework-floor.json");
const reuseBuilds = process.argv.slice(2).includes("--no-build");

const version = (pkg: string): string =>
  (JSON.parse(readFileSync(join(repoRoot, "node_modules", pkg, "package.json"), "utf8")) as { version: string }).version;

async function measure(stage: Stage): Promise<PageJs> {
  const app = await startStage(stage);
  try {
    return await measurePage(app.url);
  } catch (e) {
    throw new Error(`stage ${stage.key}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  } finally {
    await app.stop();
  }
}

type StageResult = { stage: Stage; buildSeconds: number | null; js: PageJs };

async function main(): Promise<void> {
  stopOnSignals(stopAll, "bench:floor");
  console.log(`next ${version("next")}, react ${version("react")}, Turbopack; apps in ${floorDir}\n`);
  const results: StageResult[] = [];
  for (const stage of STAGES) {
    const buildSeconds = !reuseBuilds || !stageBuilt(stage) ? await buildStage(stage) : null;
    results.push({ stage, buildSeconds, js: await measure(stage) });
  }

  const delta = (i: number): number | null => {
    const prev = results[i - 1];
    const cur = results[i];
    return prev && cur ? cur.js.gzip - prev.js.gzip : null;
  };
  // kb() shows "–" for a negative size: a difference or what is left of the target may well be one.
  const kbNum = (bytes: number): number => Number((bytes / 1024).toFixed(1));
  const signed = (bytes: number | null): string => (bytes === null ? "–" : `${bytes >= 0 ? "+" : "−"}${kb(Math.abs(bytes))}`);
  console.log("\nfirst-load JS of / (gzip level 6 of the chunks the HTML names, <script noModule> chunks left out):\n");
  console.log(
    table(
      ["stage", "chunks", "kB gzip", "Δ kB", "ICU parser", "noModule left out, kB"],
      results.map((r, i) => [
        r.stage.label,
        r.js.chunks.length,
        kb(r.js.gzip),
        signed(delta(i)),
        r.js.icuParser ? "shipped" : "no",
        r.js.noModule.length ? kb(r.js.noModule.reduce((s, c) => s + c.gzip, 0)) : "–",
      ]),
    ),
  );
  const last = results.at(-1);
  const targetBytes = last ? last.js.gzip + ABOVE_FLOOR_KB * 1024 : null;
  console.log(`\nthe dashboard's target: every page's first-load JS at most (e) + ${ABOVE_FLOOR_KB} kB = ${targetBytes === null ? "–" : kb(targetBytes)} kB (npm run bench:web checks it)`);

  const first = results[0];
  if (first) {
    console.log(`\nstage ${first.stage.label}, its chunks:\n`);
    const rows = [
      ...first.js.chunks.map((c) => [c.file, kb(c.raw), kb(c.gzip), ""]),
      ...first.js.noModule.map((c) => [c.file, kb(c.raw), kb(c.gzip), "noModule: not counted"]),
    ];
    console.log(table(["chunk", "kB raw", "kB gzip", ""], rows, [0, 3]));
  }
  const withParser = results.filter((r) => r.stage.intl && r.js.icuParser);
  if (withParser.length) {
    console.log(`\nwarning: the ICU message parser is in the first load of stage ${withParser.map((r) => r.stage.key).join(", ")}: messages were not precompiled`);
  }

  const stages = results.map((r, i) => {
    const d = delta(i);
    return {
      key: r.stage.key,
      label: r.stage.label,
      dir: `.next-floor/${r.stage.dir}`,
      buildSeconds: r.buildSeconds,
      chunks: r.js.chunks.length,
      gzip: r.js.gzip,
      raw: r.js.raw,
      gzipKb: kbNum(r.js.gzip),
      deltaKb: d === null ? null : kbNum(d),
      icuParser: r.js.icuParser,
      files: r.js.chunks,
      noModule: r.js.noModule,
    };
  });
  const report = {
    date: new Date().toISOString(),
    next: version("next"),
    react: version("react"),
    bundler: "turbopack",
    measure: "gzip level 6 bytes of the chunk files the page's HTML names (bench/web/html-scripts.ts), <script noModule> chunks left out",
    aboveFloorKb: ABOVE_FLOOR_KB,
    targetKb: targetBytes === null ? null : kbNum(targetBytes),
    stages,
  };
  mkdirSync(dirname(resultsFile), { recursive: true });
  writeFileSync(resultsFile, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nfigures: ${resultsFile}`);
}

main()
  .catch((e: unknown) => {
    if (isStopping()) return;
    console.error(`\nbench:floor failed: ${e instanceof Error ? e.message : String(e)}`);
    process.exitCode = 1;
  })
  .finally(() => stopAll());

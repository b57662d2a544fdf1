// Each dashboard page against the framework's floor, in one run. The floor
// is the last stage of `npm run bench:floor` (Next, React and the client libraries
// every page carries, no dashboard code). Lighthouse's mobile run alternates floor,
// page, floor, page… so both see the same machine load: on this shared 2-core machine
// one page's score moves by 10 and its blocking time by hundreds of ms between runs
// minutes apart, so only figures taken side by side compare.
import { ABOVE_FLOOR_KB, buildStage, MAX_CLS, MIN_MOBILE_SCORE, stageBuilt, startStage, TBT_OVER_FLOOR_MS } from "../floor/app";
import { measurePage } from "../floor/measure";
import { STAGES } from "../floor/stages";
import { runLighthouse, stopLighthouseChrome, type LhSummary } from "./lighthouse";
import type { PageSpec } from "./pages";
import { cls, kb, median, ms, pct, table } from "./report";

export type FloorRow = {
  page: string;
  firstLoadBytes: number | null;
  floorBytes: number;
  score: number | null;
  tbt: number | null;
  floorTbt: number | null;
  cls: number | null;
  scores: (number | null)[];
  floorScores: (number | null)[];
  verdict: { js: boolean; score: boolean; tbt: boolean; cls: boolean };
  errors: string[];
};

const med = (xs: (number | null)[]): number | null => median(xs.filter((x): x is number => x !== null));

async function mobile(url: string, cookie: string | undefined, errors: string[]): Promise<LhSummary | null> {
  try {
    const { summary } = await runLighthouse(url, { formFactor: "mobile", cookie, categories: ["performance"] });
    if (summary.error) errors.push(summary.error);
    return summary;
  } catch (e) {
    errors.push(e instanceof Error ? e.message.split("\n")[0]! : String(e));
    return null;
  } finally {
    stopLighthouseChrome();
  }
}

/** Builds the floor app when it has no build, then measures every page beside it, `runs` alternating rounds each. */
export async function compareWithFloor(o: { baseURL: string; pages: PageSpec[]; cookie: string; runs: number; log: (s: string) => void }): Promise<FloorRow[]> {
  const floorStage = STAGES[STAGES.length - 1]!;
  if (!stageBuilt(floorStage)) await buildStage(floorStage, (s) => o.log(s.trimEnd()));
  const floor = await startStage(floorStage);
  try {
    const floorJs = await measurePage(floor.url);
    const rows: FloorRow[] = [];
    for (const page of o.pages) {
      const url = `${o.baseURL}${page.path}`;
      const cookie = page.signedIn ? o.cookie : undefined;
      const errors: string[] = [];
      const js = await measurePage(url, cookie).catch((e: unknown) => {
        errors.push(`first-load JS: ${e instanceof Error ? e.message : String(e)}`);
        return null;
      });
      const mine: (LhSummary | null)[] = [];
      const theirs: (LhSummary | null)[] = [];
      for (let i = 1; i <= o.runs; i++) {
        // The order swaps each round, so neither side always runs on a machine the other just warmed.
        if (i % 2) {
          theirs.push(await mobile(floor.url, undefined, []));
          mine.push(await mobile(url, cookie, errors));
        } else {
          mine.push(await mobile(url, cookie, errors));
          theirs.push(await mobile(floor.url, undefined, []));
        }
        const last = mine.at(-1);
        o.log(`  floor vs ${page.label} round ${i}/${o.runs}: ${pct(theirs.at(-1)?.performance)} vs ${pct(last?.performance)}, TBT ${ms(theirs.at(-1)?.tbt)} vs ${ms(last?.tbt)} ms`);
      }
      const score = med(mine.map((r) => r?.performance ?? null));
      const tbt = med(mine.map((r) => r?.tbt ?? null));
      const floorTbt = med(theirs.map((r) => r?.tbt ?? null));
      // The worst run's shift: a layout shift that happens now and then still happens to someone.
      const worstCls = mine.reduce<number | null>((w, r) => (r?.cls === null || r?.cls === undefined ? w : Math.max(w ?? 0, r.cls)), null);
      rows.push({
        page: page.label,
        firstLoadBytes: js?.gzip ?? null,
        floorBytes: floorJs.gzip,
        score,
        tbt,
        floorTbt,
        cls: worstCls,
        scores: mine.map((r) => r?.performance ?? null),
        floorScores: theirs.map((r) => r?.performance ?? null),
        verdict: {
          js: js !== null && js.gzip <= floorJs.gzip + ABOVE_FLOOR_KB * 1024,
          score: score !== null && score >= MIN_MOBILE_SCORE,
          tbt: tbt !== null && floorTbt !== null && tbt <= floorTbt + TBT_OVER_FLOOR_MS,
          cls: worstCls !== null && worstCls <= MAX_CLS,
        },
        errors,
      });
    }
    return rows;
  } finally {
    await floor.stop();
  }
}

const mark = (ok: boolean): string => (ok ? "ok" : "OVER");

export function printFloorVerdict(rows: FloorRow[], runs: number, log: (s: string) => void): void {
  log(`\n== Against the floor, mobile Lighthouse alternating with the floor app, median of ${runs} ==`);
  log(
    table(
      ["page", "first-load JS KB", `floor KB (+${ABOVE_FLOOR_KB})`, "JS", `mobile perf (≥${MIN_MOBILE_SCORE})`, "", "TBT ms", `floor TBT (+${TBT_OVER_FLOOR_MS})`, "", `CLS worst (≤${MAX_CLS})`, "", "runs: page / floor"],
      rows.map((r) => [
        r.page,
        kb(r.firstLoadBytes),
        kb(r.floorBytes),
        mark(r.verdict.js),
        pct(r.score),
        mark(r.verdict.score),
        ms(r.tbt),
        ms(r.floorTbt),
        mark(r.verdict.tbt),
        cls(r.cls),
        mark(r.verdict.cls),
        `${r.scores.map(pct).join(" ")} / ${r.floorScores.map(pct).join(" ")}`,
      ]),
      [0, 11],
    ),
  );
  const errors = rows.filter((r) => r.errors.length);
  if (errors.length) log(`errors:\n${errors.map((r) => `  ${r.page}: ${[...new Set(r.errors)].join("; ")}`).join("\n")}`);
}

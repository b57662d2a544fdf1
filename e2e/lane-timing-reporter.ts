import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";
import { LANES } from "../playwright.config";

/**
 * Prints, after the run, when the servers were up and what each lane (worker slot) ran when:
 * the figures the suite's time budget is tuned with (CONTRIBUTING.md "The suite").
 * A file's span runs from its first test's start to its last test's end, so it holds its
 * beforeAll hooks and any wait for the collector. Beside each file: the upstream requests its
 * lane's simulator counted while it ran, and how many of them it refused (429), because every
 * journey shares its lane's key with the dashboard and a burst in one fails the next.
 */
type Span = { file: string; project: string; start: number; end: number; tests: number; upstream?: Promise<Counts | undefined> };
type Counts = { total: number; refused: number };

const loaded = Date.now();
const s = (ms: number) => `${Math.round(ms / 1000)} s`;

async function upstreamCounts(lane: number): Promise<Counts | undefined> {
  const simURL = LANES[lane % LANES.length]?.simURL;
  if (!simURL) return undefined;
  try {
    const res = await fetch(`${simURL}/__admin/stats`, { signal: AbortSignal.timeout(2_000) });
    const stats = (await res.json()) as { total: number; by_status: Record<string, number> };
    return { total: stats.total, refused: stats.by_status["429"] ?? 0 };
  } catch {
    return undefined;
  }
}

export default class LaneTimingReporter implements Reporter {
  private begun = loaded;
  private lanes = new Map<number, Span[]>();
  private atBegin = new Map<number, Promise<Counts | undefined>>();

  onBegin(): void {
    this.begun = Date.now();
  }

  onTestBegin(_test: TestCase, result: TestResult): void {
    const spans = this.lanes.get(result.parallelIndex);
    // The first test on a lane: the count its first file starts from.
    if (!spans?.length && !this.atBegin.has(result.parallelIndex)) this.atBegin.set(result.parallelIndex, upstreamCounts(result.parallelIndex));
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const file = test.location.file.replace(/^.*\/e2e\//, "");
    const project = test.parent.project()?.name ?? "";
    const start = result.startTime.getTime() - this.begun;
    const end = start + result.duration;
    const spans = this.lanes.get(result.parallelIndex) ?? [];
    const last = spans.at(-1);
    const upstream = project === "cluster" ? undefined : upstreamCounts(result.parallelIndex);
    if (last && last.file === file && last.project === project) {
      last.end = Math.max(last.end, end);
      last.tests += 1;
      last.upstream = upstream;
    } else spans.push({ file, project, start, end, tests: 1, upstream });
    this.lanes.set(result.parallelIndex, spans);
  }

  async onEnd(result: FullResult): Promise<void> {
    const lines = [`e2e timing: servers up in ${s(this.begun - loaded)}; tests ${s(Date.now() - this.begun)}; ${result.status}`];
    for (const [lane, spans] of [...this.lanes].sort((a, b) => a[0] - b[0])) {
      const busy = spans.reduce((n, x) => n + x.end - x.start, 0);
      const first = await this.atBegin.get(lane);
      let before = first;
      const files: string[] = [];
      for (const x of spans) {
        const after = await x.upstream;
        const used = before && after ? `  upstream +${after.total - before.total}${after.refused > before.refused ? `, ${after.refused - before.refused} refused` : ""}` : "";
        if (after) before = after;
        files.push(`    ${s(x.start).padStart(6)} +${s(x.end - x.start).padEnd(6)} ${x.project}/${x.file} (${x.tests})${used}`);
      }
      // The servers are gone by now: the lane's spending is what its last file's count says.
      const spent = first && before ? `; upstream ${before.total - first.total} requests, ${before.refused - first.refused} refused` : "";
      lines.push(`  lane ${lane}: busy ${s(busy)}, last end at ${s(Math.max(...spans.map((x) => x.end)))}${spent}`, ...files);
    }
    console.log(lines.join("\n"));
  }

  printsToStdio(): boolean {
    return false;
  }
}

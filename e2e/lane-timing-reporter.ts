import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

/**
 * Prints, after the run, when the servers were up and what each lane (worker slot) ran when:
 * the figures the suite's time budget is tuned with (CONTRIBUTING.md "The suite").
 * A file's span runs from its first test's start to its last test's end, so it holds its
 * beforeAll hooks and any wait for the collector.
 */
type Span = { file: string; project: string; start: number; end: number; tests: number };

const loaded = Date.now();
const s = (ms: number) => `${Math.round(ms / 1000)} s`;

export default class LaneTimingReporter implements Reporter {
  private begun = loaded;
  private lanes = new Map<number, Span[]>();

  onBegin(): void {
    this.begun = Date.now();
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const file = test.location.file.replace(/^.*\/e2e\//, "");
    const project = test.parent.project()?.name ?? "";
    const start = result.startTime.getTime() - this.begun;
    const end = start + result.duration;
    const spans = this.lanes.get(result.parallelIndex) ?? [];
    const last = spans.at(-1);
    if (last && last.file === file && last.project === project) {
      last.end = Math.max(last.end, end);
      last.tests += 1;
    } else spans.push({ file, project, start, end, tests: 1 });
    this.lanes.set(result.parallelIndex, spans);
  }

  onEnd(result: FullResult): void {
    const lines = [`e2e timing: servers up in ${s(this.begun - loaded)}; tests ${s(Date.now() - this.begun)}; ${result.status}`];
    for (const [lane, spans] of [...this.lanes].sort((a, b) => a[0] - b[0])) {
      const busy = spans.reduce((n, x) => n + x.end - x.start, 0);
      lines.push(`  lane ${lane}: busy ${s(busy)}, last end at ${s(Math.max(...spans.map((x) => x.end)))}`);
      for (const x of spans) lines.push(`    ${s(x.start).padStart(6)} +${s(x.end - x.start).padEnd(6)} ${x.project}/${x.file} (${x.tests})`);
    }
    console.log(lines.join("\n"));
  }

  printsToStdio(): boolean {
    return false;
  }
}

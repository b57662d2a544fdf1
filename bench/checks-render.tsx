// The checks' third figure: a page of 20 queue rows with findings renders no slower than
// without. The real row component (TriageDataTable with the desk's row flags: the checks' mark, the
// over-limit flag) rendered to HTML with react-dom/server, rows with findings and clean rows taking
// turns in one run (so both meet the same JIT, GC and machine load); median and spread of each.
import { NextIntlClientProvider } from "next-intl";
import { renderToString } from "react-dom/server";
import { CheckRowMark } from "@/components/checks/row-mark";
import type { RowMark } from "@/lib/queries/checks";
import { OverLimitFlag } from "@/components/post/over-limit-flag";
import { TriageDataTable } from "@/components/triage/table/data-table";
import { TriageRowFlags } from "@/components/triage/table/columns";
import type { TriagePost } from "@/components/triage/source";
import compile from "icu-minify/compile";
import commonSource from "@/messages/ru/common.json";
import reviewSource from "@/messages/ru/review.json";
import { postFixture } from "@/test/post-fixture";

// The messages precompiled, as the build's loader does (bench/checks.ts aliases the formatter to match).
type Tree = { [key: string]: string | Tree };
const compiled = (tree: Tree): Tree => Object.fromEntries(Object.entries(tree).map(([k, v]) => [k, typeof v === "string" ? (compile(v) as unknown as string) : compiled(v)]));
const review = compiled(reviewSource);
const common = compiled(commonSource);

const ROWS = 20;
const ROUNDS = 60; // samples of each kind, after 20 warm-up pages of each
const BATCH = 5; // pages per sample

const posts: TriagePost[] = Array.from({ length: ROWS }, (_, i) =>
  postFixture({
    task_id: 5000 + i,
    text: `Пост ${i + 1}: свежая обжарка каждое утро, гарантия вкуса и доставка по городу. ${"Подробности в магазине. ".repeat(1 + (i % 4))}`,
    created_at: `2026-11-20T${String(8 + (i % 10)).padStart(2, "0")}:00:00+03:00`,
  }),
);
const ids = posts.map((p) => String(p.task_id));
const clean: Record<string, RowMark> = Object.fromEntries(ids.map((id) => [id, { verdict: "clean", warn: 0, block: 0, version: 1 }]));
// Every row flagged: blocked ones with warnings too (the widest mark), the rest with warnings.
const flagged: Record<string, RowMark> = Object.fromEntries(
  ids.map((id, i) => [id, i % 2 ? { verdict: "blocked", warn: 2 + (i % 3), block: 1 + (i % 2), version: 1 } : { verdict: "warnings", warn: 1 + (i % 4), block: 0, version: 1 }]),
);

function page(marks: Readonly<Record<string, RowMark>>): string {
  const flags = (post: TriagePost) => (
    <>
      <OverLimitFlag post={post} platforms={["TELEGRAM"]} className="mt-1" />
      <CheckRowMark id={post.task_id} marks={marks} />
    </>
  );
  return renderToString(
    <NextIntlClientProvider locale="ru" messages={{ review, common }} timeZone="Europe/Moscow" now={new Date("2026-11-20T12:00:00+03:00")}>
      <TriageRowFlags value={flags}>
        <TriageDataTable
          posts={posts}
          columns="queue"
          fetchedAt="2026-11-20T12:00:00+03:00"
          cursorId={posts[0]!.task_id}
          focusToken={0}
          selected={[]}
          onSelectedChange={() => {}}
          onRowClick={() => {}}
          pendingIds={[]}
          readOnly={false}
          caption="Очередь"
        />
      </TriageRowFlags>
    </NextIntlClientProvider>,
  );
}

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

export function renderFigure(): { without: number; withFindings: number; ratio: number } {
  // The pages must differ by the marks only, and the marks must be there.
  const a = page(clean);
  const b = page(flagged);
  // Each post is drawn twice (a table row, and the card phones see below 640 px): count posts, not elements.
  const rowsIn = (html: string) => new Set(html.match(/data-task-id="\d+"/g)).size;
  if (rowsIn(a) !== ROWS || rowsIn(b) !== ROWS) throw new Error(`expected ${ROWS} rows, rendered ${rowsIn(a)} and ${rowsIn(b)}`);
  if ((a.match(/data-checks-mark="clean"/g) ?? []).length < ROWS || (b.match(/data-checks-mark="(warnings|blocked)"/g) ?? []).length < ROWS || /data-checks-mark="clean"/.test(b)) {
    throw new Error("the rows do not carry their checks' marks");
  }
  for (let i = 0; i < 20; i++) {
    page(clean);
    page(flagged);
  }
  // Each sample is a batch of pages of one kind (one page is a few ms: a batch rides over timer and
  // scheduler noise); the kinds take turns, ABBA, so neither always follows the other.
  const times = { without: [] as number[], with: [] as number[] };
  for (let i = 0; i < ROUNDS; i++) {
    for (const kind of i % 2 ? (["with", "without"] as const) : (["without", "with"] as const)) {
      const marks = kind === "with" ? flagged : clean;
      const t0 = performance.now();
      for (let k = 0; k < BATCH; k++) page(marks);
      times[kind].push((performance.now() - t0) / BATCH);
    }
  }
  const without = quantile(times.without, 0.5);
  const withFindings = quantile(times.with, 0.5);
  const spread = (xs: number[]) => `p10–p90 ${quantile(xs, 0.1).toFixed(2)}–${quantile(xs, 0.9).toFixed(2)} ms`;
  console.log(`row marks: a page of ${ROWS} rows, clean        ${without.toFixed(2)} ms median (${spread(times.without)}), ${ROUNDS} alternating samples of ${BATCH} pages`);
  console.log(`row marks: a page of ${ROWS} rows with findings ${withFindings.toFixed(2)} ms median (${spread(times.with)})`);
  const ratio = withFindings / without;
  console.log(`row marks: with findings / clean           ${ratio.toFixed(2)}× (target ≤ 1.05×: no slower, within noise)`);
  return { without, withFindings, ratio };
}

import type { CsvCell, CsvRow } from "@/lib/csv/csv";
import type { CsvTable } from "@/lib/csv/zip";
import { postTitle } from "@/lib/posts/title";
import { metricColumns } from "./engagement";
import { openLabel, type Translate } from "./labels";

/**
 * The tables of the engagement exports, in the interface's language: the same
 * column names and metric labels the screen shows. `t` reads `analytics.*`.
 * Each table is one flat sheet (a header row, then data rows); an export of
 * several is a zip of one CSV per table (lib/csv/zip.ts). A value nobody
 * reported is an empty cell, never words in a numeric column.
 */

type Aggregated = Record<string, { total: number; total_delta: number }>;

/** The campaign export's opening tables: which campaign and period (one row), then its totals per metric. */
export function campaignCsvTables(
  t: Translate,
  c: { id: number; name: string; from: string; to: string; aggregated: Aggregated | undefined },
): CsvTable[] {
  const aggregated = c.aggregated;
  const totals: CsvRow[] = aggregated
    ? metricColumns(Object.keys(aggregated)).map((m) => [openLabel(t, "metric", m), aggregated[m]?.total ?? null, aggregated[m]?.total_delta ?? null])
    : [];
  return [
    {
      name: "campaign",
      rows: [
        [t("engagement.campaignRow"), t("engagement.idCol"), t("engagement.from"), t("engagement.to")],
        [c.name, c.id, c.from, c.to],
      ],
    },
    { name: "totals", rows: [[t("engagement.metricCol"), t("engagement.total"), t("engagement.change")], ...totals] },
  ];
}

export type PostCsvLine = { id: number; text: string; publishedAt: string | null; cells: readonly CsvCell[] };

/** The per-post table: the header, one line per post in the order shown (number, title, text, publication, metrics, `extra`). */
export function postsCsvRows(t: Translate, metrics: readonly string[], lines: readonly PostCsvLine[], extra: readonly string[] = []): CsvRow[] {
  return [
    [t("engagement.postCol"), t("engagement.titleCol"), t("engagement.textCol"), t("engagement.publishedCol"), ...metrics.map((m) => openLabel(t, "metric", m)), ...extra],
    ...lines.map((l) => [l.id, postTitle(l.text), l.text, l.publishedAt ?? null, ...l.cells]),
  ];
}

/** A post's history of one metric (and the posts compared with it); each line's post by its label and title (empty when not known). */
export function historyCsvRows(t: Translate, metric: string, rows: readonly { series: string; title?: string; collectedAt: string; value: number }[]): CsvRow[] {
  return [
    [t("post.seriesCol"), t("engagement.titleCol"), t("post.timeCol"), openLabel(t, "metric", metric)],
    ...rows.map((r) => [r.series, r.title || null, r.collectedAt, r.value]),
  ];
}

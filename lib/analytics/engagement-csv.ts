import type { CsvCell, CsvRow } from "@/lib/csv/csv";
import { metricColumns } from "./engagement";
import { openLabel, type Translate } from "./labels";

/**
 * The rows of the engagement exports, in the interface's language: the same
 * column names and metric labels the screen shows. `t` reads `analytics.*`.
 */

type Aggregated = Record<string, { total: number; total_delta: number }>;

/** The campaign export's opening: campaign, period, then the totals as on screen. */
export function campaignCsvHead(
  t: Translate,
  c: { id: number; name: string; from: string; to: string; aggregated: Aggregated | undefined },
): CsvRow[] {
  const missing = t("notReported");
  const aggregated = c.aggregated;
  const totals: CsvRow[] = aggregated
    ? metricColumns(Object.keys(aggregated)).map((m) => [openLabel(t, "metric", m), aggregated[m]?.total ?? missing, aggregated[m]?.total_delta ?? missing])
    : [];
  return [
    [t("engagement.campaignRow"), c.name, c.id],
    [t("engagement.periodRow"), t("engagement.periodValue", { from: c.from, to: c.to })],
    [],
    [t("engagement.csvTotals")],
    [t("engagement.metricCol"), t("engagement.total"), t("engagement.change")],
    ...totals,
  ];
}

export type PostCsvLine = { id: number; text: string; publishedAt: string | null; cells: readonly CsvCell[] };

/** The per-post table: a title row, the header, one line per post in the order shown; `extra` names cells after the metrics. */
export function postsCsvRows(t: Translate, metrics: readonly string[], lines: readonly PostCsvLine[], extra: readonly string[] = []): CsvRow[] {
  return [
    [t("engagement.csvPosts")],
    [t("engagement.postCol"), t("engagement.textCol"), t("engagement.publishedCol"), ...metrics.map((m) => openLabel(t, "metric", m)), ...extra],
    ...lines.map((l) => [l.id, l.text, l.publishedAt ?? "", ...l.cells]),
  ];
}

/** A post's history of one metric (and the posts compared with it). */
export function historyCsvRows(t: Translate, metric: string, rows: readonly { series: string; collectedAt: string; value: number }[]): CsvRow[] {
  return [[t("post.seriesCol"), t("post.timeCol"), openLabel(t, "metric", metric)], ...rows.map((r) => [r.series, r.collectedAt, r.value])];
}

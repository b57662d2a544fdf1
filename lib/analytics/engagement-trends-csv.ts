import type { CsvRow } from "@/lib/csv/csv";
import type { CsvTable } from "@/lib/csv/zip";
import type { TrendSeries } from "./engagement-trends";
import { openLabel, type Translate } from "./labels";

/*
 * The trend's export: the same table the screen's table view shows (a row per
 * day, a column per metric, an empty cell where no post had a value, how many
 * posts each day sums and the newest reading in it), as its own CSV after the
 * campaign's opening tables (campaign and period, totals): a zip of flat files.
 * `t` reads `analytics.*`; `labels` are the trend's own column names.
 */
export type TrendCsvLabels = { day: string; posts: string; collected: string };

export function trendCsvRows(t: Translate, labels: TrendCsvLabels, series: readonly TrendSeries[]): CsvRow[] {
  const days = series[0]?.points.map((p) => p.day) ?? [];
  const rows: CsvRow[] = days.map((day, i) => {
    const cells = series.map((s) => s.points[i]?.value ?? null);
    // The number of posts and the newest reading of the day, over every metric.
    const posts = Math.max(0, ...series.map((s) => s.points[i]?.posts ?? 0));
    const newest = series.map((s) => s.points[i]?.collectedAt ?? "").reduce((a, b) => (b > a ? b : a), "");
    return [day, ...cells, posts, newest || null];
  });
  return [[labels.day, ...series.map((s) => openLabel(t, "metric", s.metric)), labels.posts, labels.collected], ...rows];
}

/** The whole export: the opening tables, then the trend as `trend.csv`. */
export function trendCsvTables(t: Translate, labels: TrendCsvLabels, head: readonly CsvTable[], series: readonly TrendSeries[]): CsvTable[] {
  return [...head, { name: "trend", rows: trendCsvRows(t, labels, series) }];
}

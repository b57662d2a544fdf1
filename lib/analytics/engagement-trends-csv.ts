import type { CsvRow } from "@/lib/csv/csv";
import type { TrendSeries } from "./engagement-trends";
import { openLabel, type Translate } from "./labels";

/*
 * The trend's export: the same table the screen's table view shows (a row per
 * day, a column per metric, "not reported" where no post had a value, how
 * many posts each day sums and the newest reading in it), after the campaign,
 * the period and the coverage. `t` reads `analytics.*`; `labels` are the trend's own column names.
 */
export type TrendCsvLabels = { title: string; day: string; posts: string; collected: string };

export function trendCsvRows(t: Translate, labels: TrendCsvLabels, head: CsvRow[], series: readonly TrendSeries[]): CsvRow[] {
  const days = series[0]?.points.map((p) => p.day) ?? [];
  const rows: CsvRow[] = days.map((day, i) => {
    const cells = series.map((s) => s.points[i]?.value ?? t("notReported"));
    // The number of posts and the newest reading of the day, over every metric.
    const posts = Math.max(0, ...series.map((s) => s.points[i]?.posts ?? 0));
    const newest = series.map((s) => s.points[i]?.collectedAt ?? "").reduce((a, b) => (b > a ? b : a), "");
    return [day, ...cells, posts, newest];
  });
  return [...head, [], [labels.title], [labels.day, ...series.map((s) => openLabel(t, "metric", s.metric)), labels.posts, labels.collected], ...rows];
}

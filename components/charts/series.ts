import type { HistoryPoint } from "@/lib/analytics/engagement";

/** A metric's readings over real time, one line of a chart (each series keeps its own timestamps). */
export type ChartSeries = { key: string; label: string; points: HistoryPoint[] };

/** One row per datapoint: the chart's numbers for screen readers and copying. */
export type SeriesRow = { series: string; collectedAt: string; value: number };

export function seriesRows(series: ChartSeries[]): SeriesRow[] {
  return series.flatMap((s) => s.points.map((p) => ({ series: s.label, collectedAt: p.collectedAt, value: p.value })));
}

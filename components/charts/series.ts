import type { HistoryPoint } from "@/lib/analytics/engagement";

/** A metric's readings over real time, one line of a chart (each series keeps its own timestamps). */
export type ChartSeries = { key: string; label: string; points: HistoryPoint[] };

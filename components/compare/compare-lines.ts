import type { ChartSeries } from "@/components/charts/series";
import { alignPoints, alignUnit, inUnit, publicationMs, type AlignUnit } from "@/lib/analytics/align";
import { historyPoints } from "@/lib/analytics/engagement";
import type { EngagementHistory, PostDetail } from "@/lib/schemas";
import type { CompareLine } from "./compare-chart";
import type { CompareRow } from "./compare-table";

export type CompareLines = {
  /** Every post whose history has come, on calendar time (the CSV's rows). */
  series: ChartSeries[];
  /** What the chart draws: aligned posts by age in `unit`, or every post on calendar time. */
  lines: CompareLine[];
  /** The table's rows, in the same order as the CSV's (post by post, oldest first). */
  rows: CompareRow[];
  unit: AlignUnit;
  /** Posts with a history but no known publication moment: they cannot be lined up. */
  unaligned: number[];
};

/** The comparison's lines and rows, by age since each post's publication or on the calendar (cheap: at most 5 × 200 points). */
export function compareLines({
  ids,
  historyData,
  detailData,
  aligned,
  seriesLabel,
}: {
  ids: number[];
  historyData: (EngagementHistory | undefined)[];
  detailData: (PostDetail | undefined)[];
  aligned: boolean;
  seriesLabel: (id: number) => string;
}): CompareLines {
  const series: ChartSeries[] = ids.flatMap((id, i) => {
    const data = historyData[i];
    return data ? [{ key: String(id), label: seriesLabel(id), points: historyPoints(data.datapoints) }] : [];
  });
  if (!aligned) {
    return {
      series,
      lines: series.map((s) => ({ key: s.key, label: s.label, points: s.points.map((p) => ({ x: p.time, value: p.value })) })),
      rows: series.flatMap((s) => s.points.map((p) => ({ series: s.label, collectedAt: p.collectedAt, value: p.value }))),
      unit: "hours",
      unaligned: [],
    };
  }
  const unaligned: number[] = [];
  const shifted = series.flatMap((s) => {
    const i = ids.indexOf(Number(s.key));
    const detail = detailData[i];
    if (!detail) return [];
    const at = publicationMs(detail);
    if (at === undefined) {
      // A post with no datapoints has nothing to line up: no need to name it.
      if (s.points.length > 0) unaligned.push(Number(s.key));
      return [];
    }
    return [{ s, points: alignPoints(s.points, at) }];
  });
  const unit = alignUnit(shifted.map((x) => x.points));
  return {
    series,
    lines: shifted.map(({ s, points }) => ({ key: s.key, label: s.label, points: points.map((p) => ({ x: inUnit(p.sinceMs, unit), value: p.value })) })),
    rows: shifted.flatMap(({ s, points }) => points.map((p) => ({ series: s.label, collectedAt: p.collectedAt, value: p.value, since: inUnit(p.sinceMs, unit) }))),
    unit,
    unaligned,
  };
}

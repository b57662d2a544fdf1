"use client";

import { ScrollRegion } from "@/components/charts/scroll-region";
import { useTranslations, useFormatter } from "next-intl";
import type { ChartSeries } from "./history-chart";

/** One row per datapoint: the chart's numbers for screen readers and copying. */
export type SeriesRow = { series: string; collectedAt: string; value: number };

export function seriesRows(series: ChartSeries[]): SeriesRow[] {
  return series.flatMap((s) => s.points.map((p) => ({ series: s.label, collectedAt: p.collectedAt, value: p.value })));
}

export function SeriesTable({ rows, caption, valueLabel }: { rows: SeriesRow[]; caption: string; valueLabel: string }) {
  const t = useTranslations("analytics.post");
  const format = useFormatter();
  return (
    <ScrollRegion label={caption} className="max-h-96">
      <table className="w-full text-left text-sm" data-testid="history-table">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-white dark:bg-zinc-900">
          <tr>
            <th scope="col" className="py-1 pr-3 font-semibold">{t("seriesCol")}</th>
            <th scope="col" className="py-1 pr-3 font-semibold">{t("timeCol")}</th>
            <th scope="col" className="py-1 text-right font-semibold">{valueLabel}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.series}-${r.collectedAt}`} className="border-t border-zinc-100 dark:border-zinc-800">
              <td className="py-1 pr-3">{r.series}</td>
              <td className="py-1 pr-3">
                <time dateTime={r.collectedAt}>{format.dateTime(new Date(r.collectedAt), { dateStyle: "medium", timeStyle: "short" })}</time>
              </td>
              <td className="py-1 text-right tabular-nums">{format.number(r.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

"use client";

import { useTranslations, useFormatter } from "next-intl";
import { ScrollRegion } from "@/components/charts/scroll-region";
import type { AlignUnit } from "@/lib/analytics/align";

/** One datapoint: its post, when it was collected and, when lined up, its age in the chart's unit. */
export type CompareRow = { series: string; collectedAt: string; value: number; since?: number };

/**
 * The chart's numbers for screen readers and copying. Lined up, the time
 * column is the age since publication (the collection moment stays in the
 * `<time>` element's `dateTime`); on the calendar, the collection time.
 */
export function CompareTable({ rows, caption, valueLabel, unit }: { rows: CompareRow[]; caption: string; valueLabel: string; unit: AlignUnit | null }) {
  const t = useTranslations("analytics.post");
  const tc = useTranslations("planner.compare");
  const format = useFormatter();
  return (
    <ScrollRegion label={caption} className="max-h-96">
      <table className="w-full text-left text-sm" data-testid="history-table">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-white dark:bg-zinc-900">
          <tr>
            <th scope="col" className="py-1 pr-3 font-semibold">{t("seriesCol")}</th>
            <th scope="col" className="py-1 pr-3 font-semibold">{unit ? tc("sinceCol") : t("timeCol")}</th>
            <th scope="col" className="py-1 text-right font-semibold">{valueLabel}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.series}-${r.collectedAt}`} className="border-t border-zinc-100 dark:border-zinc-800">
              <td className="py-1 pr-3">{r.series}</td>
              <td className="py-1 pr-3">
                <time dateTime={r.collectedAt}>
                  {unit && r.since !== undefined
                    ? tc(unit === "hours" ? "hoursAfter" : "daysAfter", { n: format.number(r.since, { maximumFractionDigits: 2 }) })
                    : format.dateTime(new Date(r.collectedAt), { dateStyle: "medium", timeStyle: "short" })}
                </time>
              </td>
              <td className="py-1 text-right tabular-nums">{format.number(r.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

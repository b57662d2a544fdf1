"use client";

import { useTranslations, useFormatter } from "next-intl";
import { DAY, dayToDate, useOpenLabel } from "@/components/campaigns/use-labels";
import { ScrollRegion } from "@/components/charts/scroll-region";
import type { TrendSeries } from "@/lib/analytics/engagement-trends";

/** The trend's numbers as a table: a row per day (newest first), a column per metric, the posts summed and the newest reading. */
export function TrendTable({ series, caption }: { series: readonly TrendSeries[]; caption: string }) {
  const t = useTranslations("trends.trend");
  const ta = useTranslations("analytics");
  const label = useOpenLabel();
  const format = useFormatter();
  const days = (series[0]?.points ?? []).map((p, i) => ({ day: p.day, i })).reverse();
  const cell = "px-2 py-1";
  return (
    <ScrollRegion label={caption} className="max-h-[28rem]">
      <table className="w-full min-w-[640px] text-left text-sm" data-testid="trend-table">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-white dark:bg-zinc-900">
          <tr>
            <th scope="col" className={`${cell} font-semibold`}>{t("dayCol")}</th>
            {series.map((s) => (
              <th key={s.metric} scope="col" className={`${cell} text-right font-semibold`}>{label("metric", s.metric)}</th>
            ))}
            <th scope="col" className={`${cell} text-right font-semibold`}>{t("postsCol")}</th>
            <th scope="col" className={`${cell} font-semibold`}>{t("collectedCol")}</th>
          </tr>
        </thead>
        <tbody>
          {days.map(({ day, i }) => {
            const posts = Math.max(0, ...series.map((s) => s.points[i]?.posts ?? 0));
            const newest = series.map((s) => s.points[i]?.collectedAt ?? "").reduce((a, b) => (b > a ? b : a), "");
            return (
              <tr key={day} className="border-t border-zinc-100 dark:border-zinc-800" data-day={day}>
                <th scope="row" className={`${cell} font-normal`}>
                  <time dateTime={day} className="whitespace-nowrap">{format.dateTime(dayToDate(day), { ...DAY, dateStyle: "short" })}</time>
                </th>
                {series.map((s) => {
                  const v = s.points[i]?.value ?? null;
                  return (
                    <td key={s.metric} className={`${cell} text-right tabular-nums`} data-col={s.metric}>
                      {v === null ? <span className="italic text-zinc-600 dark:text-zinc-400">{ta("notReported")}</span> : format.number(v)}
                    </td>
                  );
                })}
                <td className={`${cell} text-right tabular-nums`}>{posts}</td>
                <td className={`${cell} text-xs`}>
                  {newest ? <time dateTime={newest}>{format.dateTime(new Date(newest), { dateStyle: "short", timeStyle: "short" })}</time> : "—"}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

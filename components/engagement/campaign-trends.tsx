"use client";

import { useQuery } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { useLocale, useTranslations, useFormatter } from "next-intl";
import { useZone } from "@/i18n/use-zone";
import { useState } from "react";
import { useOpenLabel } from "@/components/campaigns/use-labels";
import { Freshness } from "@/components/charts/freshness";
import { WhenVisible } from "@/components/charts/when-visible";
import { QueryPanel } from "@/components/overview/query-panel";
import { Button } from "@/components/ui/button";
import { toLocale } from "@/i18n/config";
import { trendCsvTables } from "@/lib/analytics/engagement-trends-csv";
import { downloadCsvZip } from "@/lib/csv/download";
import type { CsvTable } from "@/lib/csv/zip";
import { campaignTrendsQuery } from "@/lib/queries/engagement";
import type { CampaignTrends } from "@/lib/schemas/trends";
import { TrendTable } from "./trend-table";

// Recharts loads when a chart is drawn, never with the page, and only in the browser: its
// ResponsiveContainer draws nothing until it has measured itself, so a server render of it is an
// empty box that only put the chart library into the page's first load. The box keeps its height.
const TrendChart = dynamic(() => import("@/components/charts/trend-chart").then((m) => m.TrendChart), {
  ssr: false,
  loading: () => <div className="h-[200px]" aria-hidden="true" />,
});

// One hue per metric, each 3:1 against white and zinc-900; the charts are also titled, so colour is never the only cue.
const COLORS = ["#2563eb", "#dc2626", "#059669", "#b45309", "#7c3aed", "#0e7490"];

/** While posts of the period still lack data or history, the trend is read again now and then (the collector is at work). */
const refetchWhileFilling = (q: { state: { data?: { data: CampaignTrends } } }) => {
  const d = q.state.data?.data;
  return d && (d.missing.length > 0 || d.historyPending > 0) ? 30_000 : false;
};

/**
 * The campaign's daily totals per metric over the range, from the local time
 * series: a chart per metric or one table of the same numbers, and a CSV of
 * that table. Says how many posts of the period it covers and which are still
 * without data; a day without any value is "not reported", not 0.
 */
export function CampaignTrendsPanel({ id, from, to, headTables, fileName }: { id: number; from: string; to: string; headTables: CsvTable[]; fileName: string }) {
  const t = useTranslations("trends.trend");
  const ta = useTranslations("analytics");
  const label = useOpenLabel();
  const format = useFormatter();
  const locale = toLocale(useLocale());
  const timeZone = useZone();
  const [view, setView] = useState<"chart" | "table">("chart");
  const query = useQuery({ ...campaignTrendsQuery(id, from, to), refetchInterval: refetchWhileFilling });
  const time = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" });

  return (
    <QueryPanel query={query} lines={6}>
      {(data, response) => {
        const withData = data.postsInPeriod - data.missing.length;
        const anyValue = data.series.some((s) => s.points.some((p) => p.value !== null));
        const exportCsv = () => downloadCsvZip(
            fileName,
            trendCsvTables(ta, { day: t("dayCol"), posts: t("postsCol"), collected: t("collectedCol") }, headTables, data.series),
            locale,
            timeZone,
          );
        return (
          <div className="space-y-3">
            <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("source")}</p>
            {data.postsInPeriod === 0 ? (
              <p className="text-sm" data-testid="trend-empty">{t("empty")}</p>
            ) : (
              <>
                <div role="status" className="space-y-1 text-sm" data-testid="trend-coverage">
                  <p>{t("coverage", { withData, total: data.postsInPeriod })}</p>
                  {data.missing.length > 0 && <p className="text-amber-900 dark:text-amber-200">{t("missing", { ids: data.missing.map((m) => `№${m}`).join(", ") })}</p>}
                  {data.historyPending > 0 && <p className="text-amber-900 dark:text-amber-200">{t("historyPending", { count: data.historyPending, minutes: Math.max(1, data.historyMinutesLeft) })}</p>}
                </div>
                {!anyValue ? (
                  <p className="text-sm">{t("notCollected")}</p>
                ) : (
                  <>
                    <div className="flex flex-wrap items-center gap-2">
                      <div role="group" aria-label={t("view")} className="inline-flex rounded-md border border-zinc-300 p-0.5 dark:border-zinc-700">
                        {(["chart", "table"] as const).map((v) => (
                          <button
                            key={v}
                            type="button"
                            aria-pressed={view === v}
                            onClick={() => setView(v)}
                            data-testid={`trend-view-${v}`}
                            className="h-9 rounded px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 aria-pressed:bg-blue-700 aria-pressed:text-white"
                          >
                            {t(v)}
                          </button>
                        ))}
                      </div>
                      <Button size="sm" onClick={exportCsv} data-testid="export-trend-csv">
                        {t("exportCsv")}
                      </Button>
                    </div>
                    {view === "chart" ? (
                      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="trend-charts">
                        {data.series.map((s, i) => {
                          const last = [...s.points].reverse().find((p) => p.value !== null);
                          const name = label("metric", s.metric);
                          return (
                            <li key={s.metric} className="min-w-0 rounded-md border border-zinc-200 p-2 dark:border-zinc-800" data-metric={s.metric}>
                              <h3 className="text-sm font-semibold">{name}</h3>
                              <p className="text-xs text-zinc-700 dark:text-zinc-300">
                                {last && last.value !== null ? (
                                  <>
                                    <span className="text-base font-semibold tabular-nums text-zinc-900 dark:text-zinc-100">{format.number(last.value)}</span>
                                    {last.collectedAt ? ` · ${t("lastCollected", { time: time(last.collectedAt) })}` : null}
                                  </>
                                ) : (
                                  <span className="italic">{ta("notReported")}</span>
                                )}
                              </p>
                              <WhenVisible className="h-[200px]">
                                <TrendChart points={s.points} label={t("chartLabel", { metric: name })} color={COLORS[i % COLORS.length]} />
                              </WhenVisible>
                            </li>
                          );
                        })}
                      </ul>
                    ) : (
                      <TrendTable series={data.series} caption={t("tableCaption")} />
                    )}
                  </>
                )}
              </>
            )}
            <Freshness meta={response.meta} />
          </div>
        );
      }}
    </QueryPanel>
  );
}

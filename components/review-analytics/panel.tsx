"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { ScrollRegion } from "@/components/charts/scroll-region";
import { Card, CardTitle } from "@/components/ui/card";
import type { BarRow, BarSeries } from "./bar-chart";

// Recharts is the heaviest part of the page: it loads when a chart is drawn, and only in the browser
// (a server render of a ResponsiveContainer is an empty box). The box around it keeps the chart's height.
const ReviewBarChart = dynamic(() => import("./bar-chart").then((m) => m.ReviewBarChart), {
  ssr: false,
  loading: () => <div className="h-64" aria-hidden="true" />,
});

const linkClass =
  "inline-flex h-8 items-center rounded-md border border-zinc-300 px-3 text-sm font-medium hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-zinc-700 dark:hover:bg-zinc-800";

export type PanelChart = { rows: BarRow[]; series: BarSeries[]; label: string; layout?: "horizontal" | "vertical"; height?: number };

/**
 * One panel: a title, its CSV, an optional chart and its table. With a chart
 * the table sits in a <details> (the chart's text equivalent); without one,
 * the table is the panel.
 */
export function Panel({ id, title, csvHref, chart, empty, children }: { id: string; title: string; csvHref: string; chart?: PanelChart; empty: boolean; children: React.ReactNode }) {
  const t = useTranslations("insights.review.panels");
  const headingId = `${id}-title`;
  return (
    <Card aria-labelledby={headingId} className="min-w-0" data-testid={`panel-${id}`}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <CardTitle id={headingId} className="mb-0">{title}</CardTitle>
        <a href={csvHref} download className={linkClass} aria-label={t("csvOf", { panel: title })} data-testid={`csv-${id}`}>
          {t("csv")}
        </a>
      </div>
      {empty ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("none")}</p>
      ) : chart ? (
        <>
          <div style={{ minHeight: chart.height ?? 260 }}>
            <ReviewBarChart {...chart} />
          </div>
          <details className="mt-2 rounded-md border border-zinc-200 p-2 dark:border-zinc-800">
            <summary className="cursor-pointer rounded-sm text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600">{t("showTable")}</summary>
            <ScrollRegion label={title} className="mt-2 max-h-96">{children}</ScrollRegion>
          </details>
        </>
      ) : (
        <ScrollRegion label={title} className="max-h-96">{children}</ScrollRegion>
      )}
    </Card>
  );
}

/** A plain table with the panel's look; the columns listed in `numeric` (indexes) are right-aligned, heads and cells alike. */
export function Table({ caption, head, numeric = [], children }: { caption: string; head: React.ReactNode[]; numeric?: number[]; children: React.ReactNode }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="sticky top-0 bg-white dark:bg-zinc-900">
        <tr>
          {head.map((h, i) => (
            <th key={i} scope="col" className={`py-1 pr-3 font-semibold ${numeric.includes(i) ? "text-right" : ""}`}>{h}</th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

export const cell = "py-1 pr-3 align-top";
export const num = "py-1 pr-3 text-right tabular-nums align-top";
export const row = "border-t border-zinc-100 dark:border-zinc-800";

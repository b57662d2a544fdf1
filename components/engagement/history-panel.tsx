"use client";

import { useQueries, useQueryClient } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { useLocale, useTranslations } from "next-intl";
import { useZone } from "@/i18n/use-zone";
import { useOpenLabel } from "@/components/campaigns/use-labels";
import { Freshness } from "@/components/charts/freshness";
import { AlignSwitch } from "@/components/compare/align-switch";
import { CompareTable } from "@/components/compare/compare-table";
import { ComparePicker } from "@/components/compare/compare-picker";
import { compareLines } from "@/components/compare/compare-lines";
import { Button } from "@/components/ui/button";
import { ErrorState } from "@/components/ui/query-states";
import { SkeletonLines } from "@/components/ui/skeleton";
import { toLocale } from "@/i18n/config";
import { historyCsvRows } from "@/lib/analytics/engagement-csv";
import { csvFileName } from "@/lib/csv/csv";
import { downloadCsv } from "@/lib/csv/download";
import { newestCollectedAt } from "@/lib/analytics/engagement";
import { engagementHistoryQuery } from "@/lib/queries/engagement";
import { postQuery } from "@/lib/queries/posts";
import { METRIC_TYPES } from "@/lib/schemas/values";
import { HISTORY_POINTS, type PostEngagementUrlState } from "@/lib/url-state/engagement";
import { postTitle } from "@/lib/posts/title";

// Recharts is the heaviest part of the page: it loads when a chart is drawn, not with the page, and
// only in the browser (a server render of a ResponsiveContainer is an empty box; the box keeps its height).
const CompareChart = dynamic(() => import("@/components/compare/compare-chart").then((m) => m.CompareChart), {
  ssr: false,
  loading: () => <div className="h-80" aria-hidden="true" />,
});

const control =
  "h-10 rounded-md border border-zinc-400 bg-white px-3 text-sm dark:border-zinc-600 dark:bg-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600";

type PanelProps = {
  postId: number;
  campaignId: number | undefined;
  state: PostEngagementUrlState;
  onChange: (next: PostEngagementUrlState) => void;
};

/**
 * The selected metric's history for this post and up to four others, from
 * any campaign. By default each line starts at its own post's publication
 * (hours or days after), so posts published days apart line up; calendar time
 * is a switch. Only the selected metric is fetched, one request per post on
 * the chart; the publication moments come from the posts' details (the page's
 * own post is already loaded; the others are cached reads).
 */
export function HistoryPanel({ postId, campaignId, state, onChange }: PanelProps) {
  const t = useTranslations("analytics");
  const tc = useTranslations("planner.compare");
  const locale = toLocale(useLocale());
  const timeZone = useZone();
  const label = useOpenLabel();
  const ids = [postId, ...state.compare];
  const aligned = state.align === "since";
  const histories = useQueries({ queries: ids.map((id) => engagementHistoryQuery(id, state.metric, state.points)) });
  // Details only matter for lining up: in calendar time they are not read at all.
  const details = useQueries({ queries: ids.map((id) => ({ ...postQuery(id), enabled: aligned })) });
  const seriesLabel = (id: number) => (id === postId ? t("post.thisPost", { id }) : t("post.postLabel", { id }));
  const { lines, rows, unit, unaligned, series } = compareLines({
    ids,
    historyData: histories.map((h) => h.data?.data),
    detailData: details.map((d) => d.data?.data),
    aligned,
    seriesLabel,
  });

  const metricLabel = label("metric", state.metric);
  const failed = histories.find((h) => h.isError);
  const failedDetail = aligned ? details.find((d) => d.isError) : undefined;
  // A line waits for its history and, lined up, for its post's publication moment.
  const pending = ids.filter((_, i) => histories[i]?.isPending || (aligned && details[i]?.isPending));
  const main = histories[0];
  const newest = ids.reduce<string | null>((acc, _, i) => {
    const n = newestCollectedAt(histories[i]?.data?.data.datapoints ?? []);
    return n && (!acc || Date.parse(n) > Date.parse(acc)) ? n : acc;
  }, null);
  const chartLabel = aligned
    ? tc("chartAligned", { metric: metricLabel, count: lines.length, unit })
    : t("post.chartLabel", { metric: metricLabel, count: lines.length });

  // A line's title from the post details already read (this page's post, and every post when lined up): no read for the file.
  const queryClient = useQueryClient();
  const titleOf = (key: string) => postTitle(queryClient.getQueryData(postQuery(Number(key)).queryKey)?.data.text ?? "");
  // The file keeps each point's own collection time whatever the view: ages are derived from it and the publication.
  const exportCsv = () =>
    downloadCsv(
      csvFileName(["post", postId, "history", state.metric, `${state.points}pts`, ...state.compare.map((c) => `vs${c}`)]),
      historyCsvRows(t, state.metric, series.flatMap((s) => s.points.map((p) => ({ series: s.label, title: titleOf(s.key), collectedAt: p.collectedAt, value: p.value })))),
      locale,
      timeZone,
    );

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-4">
        <div className="flex flex-col gap-1">
          <label htmlFor="history-metric" className="text-sm font-medium">{t("post.metric")}</label>
          <select id="history-metric" className={control} value={state.metric} onChange={(e) => onChange({ ...state, metric: e.target.value as PostEngagementUrlState["metric"] })}>
            {METRIC_TYPES.map((m) => (
              <option key={m} value={m}>{label("metric", m)}</option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="history-points" className="text-sm font-medium">{t("post.points")}</label>
          <select id="history-points" className={control} value={state.points} onChange={(e) => onChange({ ...state, points: Number(e.target.value) as PostEngagementUrlState["points"] })}>
            {HISTORY_POINTS.map((n) => (
              <option key={n} value={n}>{n}</option>
            ))}
          </select>
        </div>
        <AlignSwitch value={state.align} onChange={(align) => onChange({ ...state, align })} />
      </div>

      <ComparePicker postId={postId} campaignId={campaignId} compare={state.compare} onCompare={(compare) => onChange({ ...state, compare })} />

      {failed && <ErrorState error={failed.error} onRetry={() => histories.filter((h) => h.isError).forEach((h) => void h.refetch())} />}
      {failedDetail && <ErrorState error={failedDetail.error} onRetry={() => details.filter((d) => d.isError).forEach((d) => void d.refetch())} />}
      {pending.length > 0 && (
        <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
          {pending.map((id) => t("post.loadingSeries", { id })).join("; ")}
        </p>
      )}
      {unaligned.length > 0 && (
        <p role="status" className="text-sm text-amber-900 dark:text-amber-200" data-testid="unaligned-note">
          {tc("unaligned", { posts: unaligned.map((id) => t("post.postLabel", { id })).join(", ") })}
        </p>
      )}
      {main?.isPending || (rows.length === 0 && pending.length > 0) ? (
        <SkeletonLines lines={6} />
      ) : rows.length === 0 ? (
        <p className="text-sm">{t("post.noHistory")}</p>
      ) : (
        <>
          <CompareChart lines={lines} label={chartLabel} mode={aligned ? unit : "calendar"} />
          <Freshness meta={main?.data?.meta} collectedAt={newest} />
          <details className="rounded-md border border-zinc-200 p-2 dark:border-zinc-800" data-testid="history-details">
            <summary className="cursor-pointer rounded-sm text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600">
              {t("post.showTable")}
            </summary>
            <div className="mt-2 space-y-2">
              <Button size="sm" onClick={exportCsv} data-testid="export-history-csv">{t("post.exportCsv")}</Button>
              <CompareTable rows={rows} caption={chartLabel} valueLabel={metricLabel} unit={aligned ? unit : null} />
            </div>
          </details>
        </>
      )}
    </div>
  );
}

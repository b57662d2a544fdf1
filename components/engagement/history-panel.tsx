"use client";

import { useInfiniteQuery, useQueries } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { useLocale, useTranslations } from "next-intl";
import { useOpenLabel } from "@/components/campaigns/use-labels";
import { Freshness } from "@/components/charts/freshness";
import type { ChartSeries } from "@/components/charts/history-chart";
import { SeriesTable, seriesRows } from "@/components/charts/series-table";
import { Button } from "@/components/ui/button";
import { ErrorState } from "@/components/ui/query-states";
import { SkeletonLines } from "@/components/ui/skeleton";
import { toLocale } from "@/i18n/config";
import { historyCsvRows } from "@/lib/analytics/engagement-csv";
import { csvFileName } from "@/lib/csv/csv";
import { downloadCsv } from "@/lib/csv/download";
import { historyPoints, newestCollectedAt } from "@/lib/analytics/engagement";
import { engagementHistoryQuery, publishedPostsQuery } from "@/lib/queries/engagement";
import { METRIC_TYPES } from "@/lib/schemas/values";
import { HISTORY_POINTS, MAX_COMPARED, type PostEngagementUrlState } from "@/lib/url-state/engagement";

// Recharts is the heaviest part of the page: it loads when a chart is drawn, not with the page.
const HistoryChart = dynamic(() => import("@/components/charts/history-chart").then((m) => m.HistoryChart), {
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
 * The selected metric's history for this post and the posts compared with it.
 * Only that metric is fetched (one request per post on the chart, at most
 * four), at the chosen number of points.
 */
export function HistoryPanel({
  postId,
  campaignId,
  state,
  onChange,
}: PanelProps) {
  const t = useTranslations("analytics");
  const locale = toLocale(useLocale());
  const label = useOpenLabel();
  const ids = [postId, ...state.compare];
  const histories = useQueries({ queries: ids.map((id) => engagementHistoryQuery(id, state.metric, state.points)) });
  const seriesLabel = (id: number) => (id === postId ? t("post.thisPost", { id }) : t("post.postLabel", { id }));

  const series: ChartSeries[] = ids.flatMap((id, i) => {
    const data = histories[i]?.data?.data;
    return data ? [{ key: String(id), label: seriesLabel(id), points: historyPoints(data.datapoints) }] : [];
  });
  const rows = seriesRows(series);
  const metricLabel = label("metric", state.metric);
  const failed = histories.find((h) => h.isError);
  const pending = ids.filter((_, i) => histories[i]?.isPending);
  const main = histories[0];
  const newest = series.reduce<string | null>((acc, s, i) => {
    const n = newestCollectedAt(histories[i]?.data?.data.datapoints ?? []);
    return n && (!acc || Date.parse(n) > Date.parse(acc)) ? n : acc;
  }, null);

  const exportCsv = () =>
    downloadCsv(
      csvFileName(["post", postId, "history", state.metric, `${state.points}pts`, ...state.compare.map((c) => `vs${c}`)]),
      historyCsvRows(t, state.metric, rows),
      locale,
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
      </div>

      <ComparePicker postId={postId} campaignId={campaignId} state={state} onChange={onChange} />

      {failed && <ErrorState error={failed.error} onRetry={() => histories.filter((h) => h.isError).forEach((h) => void h.refetch())} />}
      {pending.length > 0 && (
        <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
          {pending.map((id) => t("post.loadingSeries", { id })).join("; ")}
        </p>
      )}
      {main?.isPending ? (
        <SkeletonLines lines={6} />
      ) : rows.length === 0 ? (
        <p className="text-sm">{t("post.noHistory")}</p>
      ) : (
        <>
          <HistoryChart series={series} label={t("post.chartLabel", { metric: metricLabel, count: series.length })} />
          <Freshness meta={main?.data?.meta} collectedAt={newest} />
          <details className="rounded-md border border-zinc-200 p-2 dark:border-zinc-800" data-testid="history-details">
            <summary className="cursor-pointer rounded-sm text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600">
              {t("post.showTable")}
            </summary>
            <div className="mt-2 space-y-2">
              <Button size="sm" onClick={exportCsv} data-testid="export-history-csv">{t("post.exportCsv")}</Button>
              <SeriesTable rows={rows} caption={t("post.chartLabel", { metric: metricLabel, count: series.length })} valueLabel={metricLabel} />
            </div>
          </details>
        </>
      )}
    </div>
  );
}

/** Other published posts of the same campaign (its first page of up to 100), up to three ticked. */
function ComparePicker({
  postId,
  campaignId,
  state,
  onChange,
}: PanelProps) {
  const t = useTranslations("analytics.post");
  const posts = useInfiniteQuery({ ...publishedPostsQuery(campaignId ?? 0), enabled: campaignId !== undefined });
  const others = (posts.data?.pages[0]?.data.posts ?? []).filter((p) => p.task_id !== postId);
  const full = state.compare.length >= MAX_COMPARED;
  return (
    <fieldset className="rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
      <legend className="px-1 text-sm font-medium">{t("compare")}</legend>
      <p className="mb-2 text-xs text-zinc-600 dark:text-zinc-400">{t("compareHint", { max: MAX_COMPARED })}</p>
      {posts.isPending && campaignId !== undefined ? (
        <SkeletonLines lines={2} />
      ) : posts.isError ? (
        <ErrorState error={posts.error} onRetry={() => void posts.refetch()} />
      ) : others.length === 0 ? (
        <p className="text-sm">{t("compareNone")}</p>
      ) : (
        <ul className="grid max-h-48 gap-1 overflow-auto sm:grid-cols-2" data-testid="compare-list">
          {others.map((p) => {
            const checked = state.compare.includes(p.task_id);
            return (
              <li key={p.task_id}>
                <label className="flex items-start gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="mt-0.5 h-4 w-4 accent-blue-700"
                    checked={checked}
                    disabled={!checked && full}
                    onChange={(e) =>
                      onChange({
                        ...state,
                        compare: e.target.checked ? [...state.compare, p.task_id] : state.compare.filter((c) => c !== p.task_id),
                      })
                    }
                  />
                  <span>
                    <span className="font-medium">{t("postLabel", { id: p.task_id })}</span>{" "}
                    <span className="line-clamp-1 text-zinc-600 dark:text-zinc-400">{p.text}</span>
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}

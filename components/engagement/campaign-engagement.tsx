"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations, useFormatter } from "next-intl";
import { useMemo, useState } from "react";
import { TextLink } from "@/components/campaigns/text-link";
import { DAY, dayToDate } from "@/components/campaigns/use-labels";
import { Freshness } from "@/components/charts/freshness";
import { QueryPanel } from "@/components/overview/query-panel";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/query-states";
import { campaignCsvTables } from "@/lib/analytics/engagement-csv";
import { zipFileName, type CsvTable } from "@/lib/csv/zip";
import { useZone } from "@/i18n/use-zone";
import { calendarDay } from "@/lib/analytics/dates";
import { metricColumns } from "@/lib/analytics/engagement";
import { campaignQuery } from "@/lib/queries/campaigns";
import { campaignEngagementQuery, campaignTrendPostsQuery } from "@/lib/queries/engagement";
import type { Post } from "@/lib/schemas";
import type { TrendPostRow } from "@/lib/schemas/trends";
import { rangeQuery, rangeSince, rangeStartDay } from "@/lib/url-state/engagement";
import { CampaignTrendsPanel } from "./campaign-trends";
import { CampaignTotals } from "./campaign-totals";
import { PostsEngagementTable } from "./posts-table/data-table";
import { PostsTableEmpty } from "./posts-table/empty-state";
import { engagementRow, seriesRow } from "./posts-table/rows";
import { PostsTableSkeleton } from "./posts-table/skeleton";
import { RangePicker } from "./range-picker";
import { useRangeUrl } from "./use-engagement-url";
import { useGatedPostEngagement } from "./use-gated-engagement";
import { useRefreshTrendsWhenRead } from "./use-refresh-trends";

export function CampaignEngagement({ id }: { id: number }) {
  const t = useTranslations("analytics");
  const tt = useTranslations("trends");
  const format = useFormatter();
  const [range, setRange] = useRangeUrl();
  const now = useMemo(() => new Date(), []);
  const timeZone = useZone();
  const since = rangeSince(range, now, timeZone);
  const fromDay = rangeStartDay(range, now, timeZone);
  const today = calendarDay(now, timeZone);
  const day = (d: string) => format.dateTime(dayToDate(d), { ...DAY, dateStyle: "medium" });

  const campaign = useQuery(campaignQuery(id));
  const totals = useQuery(campaignEngagementQuery(id, since));
  const name = campaign.data?.data.name ?? `#${id}`;
  const headTables = campaignCsvTables(t, { id, name, from: fromDay, to: today, aggregated: totals.data?.data.aggregated });

  return (
    <div className="space-y-4">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold">{t("engagement.title", { name })}</h1>
        <TextLink href={`/campaigns/${id}`} className="text-sm">
          {t("backTo", { name })}
        </TextLink>
      </header>
      {/* key: a new range from elsewhere (back button) resets the picker's own fields. */}
      <RangePicker key={rangeQuery(range)} range={range} defaultFrom={fromDay} onChange={setRange} />
      <p className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="range-since">
        {t("engagement.since", { date: day(fromDay) })}
      </p>

      <Card aria-labelledby="totals-title">
        <CardTitle id="totals-title">{t("engagement.totals")}</CardTitle>
        <QueryPanel query={totals}>
          {(data, response) => (
            <>
              <CampaignTotals engagement={data} />
              <div className="mt-2">
                <Freshness meta={response.meta} />
              </div>
            </>
          )}
        </QueryPanel>
      </Card>

      <Card aria-labelledby="trend-title">
        <CardTitle id="trend-title">{tt("trend.title")}</CardTitle>
        <CampaignTrendsPanel
          id={id}
          from={fromDay}
          to={today}
          headTables={headTables}
          fileName={zipFileName(["campaign", id, "trend", fromDay, today])}
        />
      </Card>

      <Card aria-labelledby="posts-title">
        <CardTitle id="posts-title">{t("engagement.posts")}</CardTitle>
        <CompletePosts campaignId={id} from={fromDay} headTables={headTables} fileName={zipFileName(["campaign", id, "engagement", fromDay, today])} />
      </Card>
    </div>
  );

}

/** What the posts table reads of a post; the time series carries only these (the rest is never shown). */
function asPost(campaignId: number, r: TrendPostRow): Post {
  return { task_id: r.task_id, campaign_id: campaignId, campaign_name: "", text: r.text, status: "PUBLISHED", post_type: "TEXT", published_at: r.published_at, created_at: r.published_at ?? "", updated_at: null, media: null };
}

/** Posts the series lacks that one view reads itself (the newest: they move most); the collector reads the rest at once, in the background lane. */
export const OWN_READS_PER_VIEW = 6;
/** While posts are being collected the table reads the series again this often (our database: no upstream call). */
const COLLECTING_POLL_MS = 10_000;

/**
 * Every published post of the period, newest first, with its values from the
 * local time series. Of the posts the series has nothing for yet, the view
 * reads the newest few itself, a few at a time (each such read is stored in
 * the series too); the server put the rest at the head of the collector's
 * work, and the table reads the series again until they are in. The CSV
 * holds every post and, until all are in, says which have no data.
 */
function CompletePosts({ campaignId, from, headTables, fileName }: { campaignId: number; from: string; headTables: CsvTable[]; fileName: string }) {
  const t = useTranslations("analytics.engagement");
  const tt = useTranslations("trends.posts");
  const list = useQuery({
    ...campaignTrendPostsQuery(campaignId, from),
    refetchInterval: (q) => ((q.state.data?.data.missing.length ?? 0) > 0 ? COLLECTING_POLL_MS : false),
  });
  const data = list.data?.data;
  const posts = useMemo(() => data?.posts.map((r) => ({ row: r, post: asPost(campaignId, r) })) ?? [], [data, campaignId]);
  const missing = useMemo(() => data?.missing ?? [], [data]);
  // Chosen once per view (and per period): as its reads land, the next look's missing list must not pull in more.
  const [own, setOwn] = useState<{ from: string; ids: readonly number[] } | null>(() => (data ? { from, ids: data.missing.slice(0, OWN_READS_PER_VIEW) } : null));
  if (data && own?.from !== from) setOwn({ from, ids: data.missing.slice(0, OWN_READS_PER_VIEW) });
  const ownIds = own?.from === from ? own.ids : [];
  const { answers, retry, fetchers } = useGatedPostEngagement(ownIds);
  useRefreshTrendsWhenRead(campaignId, answers);
  const answerOf = new Map(ownIds.map((id, i) => [id, answers[i]]));
  const collecting = missing.filter((id) => !answerOf.has(id)).length;
  const rows = posts.map(({ row, post }) => {
    if (row.collectedAt !== null) return seriesRow(post, row.metrics);
    const a = answerOf.get(row.task_id);
    return engagementRow(post, a?.data, a?.failed ?? false);
  });
  const metrics = metricColumns(rows.flatMap((r) => Object.keys(r.metrics)));
  const loaded = rows.filter((r) => r.state === "loaded").length;
  const without = rows.filter((r) => r.state !== "loaded").map((r) => r.post.task_id);
  const failed = ownIds.filter((id) => answerOf.get(id)?.failed);

  if (list.isPending) return <PostsTableSkeleton />;
  if (!data) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  if (rows.length === 0) return <PostsTableEmpty />;

  return (
    <div className="space-y-3">
      {fetchers}
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{tt("source")}</p>
      <div className="flex flex-wrap items-center gap-3">
        <p role="status" className="text-sm" data-testid="engagement-progress">
          {t("progress", { loaded, total: rows.length })}
        </p>
        <progress className="h-2 w-40 accent-blue-700" max={Math.max(rows.length, 1)} value={loaded} aria-label={t("progress", { loaded, total: rows.length })} />
        {failed.length > 0 && (
          <Button size="sm" onClick={() => retry(failed)}>
            {t("retryFailed")}
          </Button>
        )}
      </div>
      {collecting > 0 && (
        <p className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="posts-collecting">
          {tt("collecting", { count: collecting })}
        </p>
      )}
      <p className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="posts-complete">
        {without.length === 0 ? tt("complete", { total: rows.length }) : tt("csvMissing", { count: without.length, ids: without.join(", ") })}
      </p>
      <PostsEngagementTable rows={rows} metrics={metrics} headTables={headTables} fileName={fileName} />
    </div>
  );
}

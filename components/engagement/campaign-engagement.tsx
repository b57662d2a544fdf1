"use client";

import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { useEffect, useMemo, useState } from "react";
import { TextLink } from "@/components/campaigns/text-link";
import { dayToDate } from "@/components/campaigns/use-labels";
import { Freshness } from "@/components/charts/freshness";
import { QueryPanel } from "@/components/overview/query-panel";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/query-states";
import { campaignCsvHead } from "@/lib/analytics/engagement-csv";
import { csvFileName, type CsvRow } from "@/lib/csv/csv";
import { calendarDay } from "@/lib/analytics/dates";
import { metricColumns } from "@/lib/analytics/engagement";
import { campaignQuery } from "@/lib/queries/campaigns";
import { campaignEngagementQuery, publishedPostsQuery } from "@/lib/queries/engagement";
import { rangeQuery, rangeSince, rangeStartDay } from "@/lib/url-state/engagement";
import { CampaignTotals } from "./campaign-totals";
import { PostsEngagementTable } from "./posts-table/data-table";
import { PostsTableEmpty } from "./posts-table/empty-state";
import { engagementRow } from "./posts-table/rows";
import { PostsTableSkeleton } from "./posts-table/skeleton";
import { RangePicker } from "./range-picker";
import { useRangeUrl } from "./use-engagement-url";
import { useGatedPostEngagement } from "./use-gated-engagement";

/** Posts whose engagement is fetched at first, and per "load more". */
export const ENGAGEMENT_PAGE = 20;

export function CampaignEngagement({ id }: { id: number }) {
  const t = useTranslations("analytics");
  const format = useFormatter();
  const [range, setRange] = useRangeUrl();
  const now = useMemo(() => new Date(), []);
  const since = rangeSince(range, now);
  const fromDay = rangeStartDay(range, now);
  const today = calendarDay(now);
  const day = (d: string) => format.dateTime(dayToDate(d), { dateStyle: "medium" });

  const campaign = useQuery(campaignQuery(id));
  const totals = useQuery(campaignEngagementQuery(id, since));
  const name = campaign.data?.data.name ?? `#${id}`;

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

      <Card aria-labelledby="posts-title">
        <CardTitle id="posts-title">{t("engagement.posts")}</CardTitle>
        <PublishedPosts
          campaignId={id}
          since={since}
          postsInRange={totals.data?.data.posts_count}
          headerRows={campaignCsvHead(t, { id, name, from: fromDay, to: today, aggregated: totals.data?.data.aggregated })}
          fileName={csvFileName(["campaign", id, "engagement", fromDay, today])}
        />
      </Card>
    </div>
  );

}

function PublishedPosts({
  campaignId,
  since,
  postsInRange,
  headerRows,
  fileName,
}: {
  campaignId: number;
  since: string;
  postsInRange: number | undefined;
  headerRows: CsvRow[];
  fileName: string;
}) {
  const t = useTranslations("analytics.engagement");
  const [wanted, setWanted] = useState(ENGAGEMENT_PAGE);
  const list = useInfiniteQuery(publishedPostsQuery(campaignId));
  const sinceMs = Date.parse(since);

  const listed = useMemo(() => list.data?.pages.flatMap((p) => p.data.posts) ?? [], [list.data]);
  // Same rule as the upstream's campaign totals: by publication date.
  const inRange = useMemo(
    () => listed.filter((p) => p.published_at !== null && Date.parse(p.published_at) >= sinceMs),
    [listed, sinceMs],
  );
  // Newest first: once the last listed post is older than the range, later pages cannot hold more.
  const last = listed.at(-1);
  const listPassedRange = last?.published_at ? Date.parse(last.published_at) < sinceMs : false;
  const moreToList = list.hasNextPage && !listPassedRange;

  useEffect(() => {
    if (inRange.length < wanted && moreToList && !list.isFetchingNextPage) void list.fetchNextPage();
  }, [inRange.length, wanted, moreToList, list]);

  const visible = useMemo(() => inRange.slice(0, wanted), [inRange, wanted]);
  const { answers, retry, fetchers } = useGatedPostEngagement(visible.map((p) => p.task_id));
  // Rows keep their identity until their own answer changes (and the table's columns
  // follow the metric list by content): an arriving answer redraws its row, not the table.
  const rows = visible.map((post, i) => engagementRow(post, answers[i]?.data, answers[i]?.failed ?? false));
  const metrics = metricColumns(rows.flatMap((r) => Object.keys(r.metrics)));
  const loaded = rows.filter((r) => r.state !== "pending").length;
  const total = postsInRange ?? (moreToList ? undefined : inRange.length);
  const failed = visible.filter((_, i) => answers[i]?.failed).map((p) => p.task_id);

  if (list.isPending) return <PostsTableSkeleton />;
  if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  if (inRange.length === 0 && !moreToList) return <PostsTableEmpty />;

  return (
    <div className="space-y-3">
      {fetchers}
      <div className="flex flex-wrap items-center gap-3">
        <p role="status" className="text-sm" data-testid="engagement-progress">
          {t("progress", { loaded, total: total ?? inRange.length })}
        </p>
        <progress
          className="h-2 w-40 accent-blue-700"
          max={Math.max(total ?? inRange.length, 1)}
          value={loaded}
          aria-label={t("progress", { loaded, total: total ?? inRange.length })}
        />
        {failed.length > 0 && (
          <Button size="sm" onClick={() => retry(failed)}>
            {t("retryFailed")}
          </Button>
        )}
      </div>
      <PostsEngagementTable rows={rows} metrics={metrics} headerRows={headerRows} fileName={fileName} />
      {(inRange.length > wanted || moreToList) && (
        <Button onClick={() => setWanted((w) => w + ENGAGEMENT_PAGE)} disabled={loaded < rows.length} data-testid="load-more">
          {t("loadMore", { count: ENGAGEMENT_PAGE })}
        </Button>
      )}
    </div>
  );
}

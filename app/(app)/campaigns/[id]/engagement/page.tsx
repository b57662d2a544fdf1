import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations, getTimeZone } from "next-intl/server";
import type { SearchParams } from "nuqs/server";
import { CampaignEngagement } from "@/components/engagement/campaign-engagement";
import { PrefetchFirst } from "@/lib/server/render/prefetch";
import { SkeletonLines } from "@/components/ui/skeleton";
import { campaignQuery } from "@/lib/queries/campaigns";
import { calendarDay } from "@/lib/analytics/dates";
import { campaignEngagementQuery, campaignTrendPostsQuery, campaignTrendsQuery } from "@/lib/queries/engagement";
import { IdParam } from "@/lib/schemas";
import { readDeps } from "@/lib/server/collector/deps";
import { campaignTrendPosts, campaignTrends } from "@/lib/server/collector/read";
import { campaignTotals } from "@/lib/server/collector/totals";
import { service } from "@/lib/server/upstream-service";
import { parseRange, rangeSince, rangeStartDay } from "@/lib/url-state/engagement";
import { withPageMessages } from "@/components/shell/page-messages";

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<SearchParams>;
};

// The tab's own title (the layout adds the product name); the id only, so the title costs no upstream read.
export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const parsed = IdParam.safeParse((await params).id);
  if (!parsed.success) return { title: (await getTranslations("analytics.campaigns"))("title") };
  return { title: (await getTranslations("analytics.engagement"))("pageTitle", { id: parsed.data }) };
}

async function CampaignEngagementPage({ params, searchParams }: Props) {
  const parsed = IdParam.safeParse((await params).id);
  if (!parsed.success) notFound();
  const id = parsed.data;
  // The client's parsers and defaults and the same day-granular `since`, so the prefetched key is the one it asks for.
  const now = new Date();
  const range = parseRange(await searchParams);
  const timeZone = await getTimeZone();
  const since = rangeSince(range, now, timeZone);
  const from = rangeStartDay(range, now, timeZone);
  const to = calendarDay(now, timeZone);
  return (
    <PrefetchFirst
      fallback={<SkeletonLines lines={8} />}
      entries={[
        { queryKey: campaignQuery(id).queryKey, queryFn: () => service.campaign(id) },
        // Totals, the trend and the per-post table come from the local time series (lib/server/collector): no upstream call per view.
        { queryKey: campaignEngagementQuery(id, since).queryKey, queryFn: async () => campaignTotals(await readDeps(), id, since, "interactive") },
        { queryKey: campaignTrendsQuery(id, from, to).queryKey, queryFn: async () => campaignTrends(await readDeps(), id, from, to, "interactive", timeZone) },
        { queryKey: campaignTrendPostsQuery(id, from).queryKey, queryFn: async () => campaignTrendPosts(await readDeps(), id, from, "interactive", timeZone) },
      ]}
    >
      <CampaignEngagement id={id} />
    </PrefetchFirst>
  );
}

export default withPageMessages(["analytics", "trends"], CampaignEngagementPage);

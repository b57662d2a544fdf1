import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Overview } from "@/components/overview/overview";
import { PrefetchFirst } from "@/lib/server/render/prefetch";
import { SkeletonLines } from "@/components/ui/skeleton";
import { accountQuery } from "@/lib/queries/account";
import { FAILED_FILTER } from "@/components/overview/failed";
import { ALL_CAMPAIGN_STATUSES, campaignPostBriefsQuery, campaignQuery, campaignsQuery } from "@/lib/queries/campaigns";
import { projectsQuery } from "@/lib/queries/projects";
import { prefetchEntry, type PrefetchEntry } from "@/lib/server/queries/server-query-client";
import { CAMPAIGN_STATUSES, PostBriefList, PostListQuery, type CampaignListItem } from "@/lib/schemas";
import { service } from "@/lib/server/upstream-service";
import { withPageMessages } from "@/components/shell/page-messages";

/**
 * What the attention panel reads per active campaign (its detail for the waiting count, a page of
 * failed posts), read with the list: the same cached calls the browser would make right after
 * hydrating, but then the panel is in the HTML and the phone renders it once.
 */
function attentionEntries(campaigns: readonly CampaignListItem[]): PrefetchEntry[] {
  const failed = PostListQuery.parse({ ...FAILED_FILTER, limit: String(FAILED_FILTER.limit) });
  return campaigns
    .filter((c) => c.status === "ACTIVE")
    .flatMap((c) => [
      { queryKey: campaignQuery(c.id).queryKey, queryFn: () => service.campaign(c.id) },
      {
        queryKey: campaignPostBriefsQuery(c.id, FAILED_FILTER).queryKey,
        queryFn: async () => {
          const answer = await service.campaignPosts(c.id, failed);
          return { ...answer, data: PostBriefList.parse(answer.data) };
        },
      },
    ]);
}

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("analytics.overview");
  return { title: t("title") };
}

async function OverviewPage() {
  const t = await getTranslations("analytics.overview");
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">{t("title")}</h1>
      <PrefetchFirst
        fallback={<SkeletonLines lines={10} />}
        entries={[
          { queryKey: accountQuery().queryKey, queryFn: () => service.account() },
          { queryKey: projectsQuery().queryKey, queryFn: () => service.projects() },
          prefetchEntry(
            campaignsQuery({ statuses: ALL_CAMPAIGN_STATUSES }).queryKey,
            () => service.campaigns({ status: [...CAMPAIGN_STATUSES] }),
            (list) => attentionEntries(list.data.campaigns),
          ),
        ]}
      >
        <Overview />
      </PrefetchFirst>
    </>
  );
}

export default withPageMessages(["analytics", "review.status"], OverviewPage);

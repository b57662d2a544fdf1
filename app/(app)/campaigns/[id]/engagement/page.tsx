import { notFound } from "next/navigation";
import type { SearchParams } from "nuqs/server";
import { Suspense } from "react";
import { CampaignEngagement } from "@/components/engagement/campaign-engagement";
import { Prefetch } from "@/components/overview/prefetch";
import { SkeletonLines } from "@/components/ui/skeleton";
import { campaignQuery } from "@/lib/queries/campaigns";
import { campaignEngagementQuery } from "@/lib/queries/engagement";
import { IdParam } from "@/lib/schemas";
import { service } from "@/lib/server/upstream-service";
import { parseRange, rangeSince } from "@/lib/url-state/engagement";

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<SearchParams>;
};

export default async function CampaignEngagementPage({ params, searchParams }: Props) {
  const parsed = IdParam.safeParse((await params).id);
  if (!parsed.success) notFound();
  const id = parsed.data;
  // The client's parsers and defaults and the same day-granular `since`, so the prefetched key is the one it asks for.
  const since = rangeSince(parseRange(await searchParams), new Date());
  return (
    <Suspense fallback={<SkeletonLines lines={8} />}>
      <Prefetch
        entries={[
          { queryKey: campaignQuery(id).queryKey, queryFn: () => service.campaign(id) },
          { queryKey: campaignEngagementQuery(id, since).queryKey, queryFn: () => service.campaignEngagement(id, { since }) },
        ]}
      >
        <CampaignEngagement id={id} />
      </Prefetch>
    </Suspense>
  );
}

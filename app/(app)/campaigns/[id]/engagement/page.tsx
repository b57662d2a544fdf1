import { notFound } from "next/navigation";
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
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export default async function CampaignEngagementPage({ params, searchParams }: Props) {
  const parsed = IdParam.safeParse((await params).id);
  if (!parsed.success) notFound();
  const id = parsed.data;
  // Same parser and day-granular `since` as the client, so the keys match.
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

import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Overview } from "@/components/overview/overview";
import { PrefetchFirst } from "@/components/overview/prefetch";
import { SkeletonLines } from "@/components/ui/skeleton";
import { accountQuery } from "@/lib/queries/account";
import { ALL_CAMPAIGN_STATUSES, campaignsQuery } from "@/lib/queries/campaigns";
import { projectsQuery } from "@/lib/queries/projects";
import { CAMPAIGN_STATUSES } from "@/lib/schemas";
import { service } from "@/lib/server/upstream-service";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("analytics.overview");
  return { title: t("title") };
}

export default async function OverviewPage() {
  const t = await getTranslations("analytics.overview");
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">{t("title")}</h1>
      <PrefetchFirst
        fallback={<SkeletonLines lines={10} />}
        entries={[
          { queryKey: accountQuery().queryKey, queryFn: () => service.account() },
          { queryKey: projectsQuery().queryKey, queryFn: () => service.projects() },
          {
            queryKey: campaignsQuery({ statuses: ALL_CAMPAIGN_STATUSES }).queryKey,
            queryFn: () => service.campaigns({ status: [...CAMPAIGN_STATUSES] }),
          },
        ]}
      >
        <Overview />
      </PrefetchFirst>
    </>
  );
}

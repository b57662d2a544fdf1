import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Overview } from "@/components/overview/overview";
import { PrefetchFirst } from "@/lib/server/render/prefetch";
import { SkeletonLines } from "@/components/ui/skeleton";
import { accountQuery } from "@/lib/queries/account";
import { ALL_CAMPAIGN_STATUSES, campaignsQuery } from "@/lib/queries/campaigns";
import { attentionQuery } from "@/lib/queries/overview";
import { projectsQuery } from "@/lib/queries/projects";
import { prefetchEntry } from "@/lib/server/queries/server-query-client";
import { CAMPAIGN_STATUSES } from "@/lib/schemas";
import { overviewAttention } from "@/lib/server/overview/attention";
import { service } from "@/lib/server/upstream-service";
import { withPageMessages } from "@/components/shell/page-messages";

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
            // The attention panel (GET /api/overview/attention's answer) after the list it is cut by: one
            // database read over every active campaign's mirror, in the HTML like the rest.
            () => [{ queryKey: attentionQuery().queryKey, queryFn: () => overviewAttention(service) }],
          ),
        ]}
      >
        <Overview />
      </PrefetchFirst>
    </>
  );
}

export default withPageMessages(["analytics", "review.status"], OverviewPage);

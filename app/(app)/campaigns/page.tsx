import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import type { SearchParams } from "nuqs/server";
import { CampaignsView } from "@/components/campaigns/campaigns-view";
import { CampaignTableSkeleton } from "@/components/campaigns/table/skeleton";
import { PrefetchFirst, readWithin, type PrefetchEntry } from "@/lib/server/render/prefetch";
import { HEADER_HEAD_START_MS } from "@/lib/server/render/header-reads";
import { campaignsQuery } from "@/lib/queries/campaigns";
import { INBOX_COUNT_READ } from "@/lib/queries/inbox";
import { inboxEntry } from "@/lib/server/inbox/prefetch-entry";
import { projectsQuery } from "@/lib/queries/projects";
import { service } from "@/lib/server/upstream-service";
import { parseCampaignsUrl } from "@/lib/url-state/campaigns";
import { withPageMessages } from "@/components/shell/page-messages";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("analytics.campaigns");
  return { title: t("title") };
}

type Props = { searchParams: Promise<SearchParams> };

async function CampaignsPage({ searchParams }: Props) {
  const t = await getTranslations("analytics.campaigns");
  // The client's parsers and defaults, so the prefetched list is the one the table asks for.
  const state = await parseCampaignsUrl(searchParams);
  const entries: PrefetchEntry[] = [
    { queryKey: projectsQuery().queryKey, queryFn: () => service.projects() },
    {
      queryKey: campaignsQuery({ projectId: state.project, statuses: state.statuses }).queryKey,
      queryFn: () => service.campaigns({ project_id: state.project ?? undefined, status: state.statuses }),
    },
    // The waiting column, from the header's own inbox read (the request makes it once): in the
    // HTML when the inbox answers as fast as the header's count must, else read by the browser
    // (a cold inbox), and the table never waits for it.
    ...(await readWithin(inboxEntry(INBOX_COUNT_READ), HEADER_HEAD_START_MS)),
  ];
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">{t("title")}</h1>
      <PrefetchFirst entries={entries} fallback={<CampaignTableSkeleton />}>
        <CampaignsView />
      </PrefetchFirst>
    </>
  );
}

export default withPageMessages(["analytics"], CampaignsPage);

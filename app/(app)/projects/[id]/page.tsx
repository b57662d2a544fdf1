import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { PrefetchFirst } from "@/lib/server/render/prefetch";
import { ProjectDetail } from "@/components/projects/project-detail";
import { SkeletonLines } from "@/components/ui/skeleton";
import { ALL_CAMPAIGN_STATUSES, campaignsQuery } from "@/lib/queries/campaigns";
import { projectChannelsQuery, projectQuery } from "@/lib/queries/projects";
import { CAMPAIGN_STATUSES, IdParam } from "@/lib/schemas";
import { service } from "@/lib/server/upstream-service";
import { withPageMessages } from "@/components/shell/page-messages";

// The tab's own title (the layout adds the product name); the id only, so the title costs no upstream read.
export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const parsed = IdParam.safeParse((await params).id);
  if (!parsed.success) return { title: (await getTranslations("analytics.projects"))("title") };
  return { title: (await getTranslations("analytics.projects"))("pageTitle", { id: parsed.data }) };
}

async function ProjectPage({ params }: { params: Promise<{ id: string }> }) {
  const parsed = IdParam.safeParse((await params).id);
  if (!parsed.success) notFound();
  const id = parsed.data;
  return (
    <PrefetchFirst
      fallback={<SkeletonLines lines={8} />}
      entries={[
        { queryKey: projectQuery(id).queryKey, queryFn: () => service.project(id) },
        { queryKey: projectChannelsQuery(id).queryKey, queryFn: () => service.projectChannels(id) },
        {
          queryKey: campaignsQuery({ projectId: id, statuses: ALL_CAMPAIGN_STATUSES }).queryKey,
          queryFn: () => service.campaigns({ project_id: id, status: [...CAMPAIGN_STATUSES] }),
        },
      ]}
    >
      <ProjectDetail id={id} />
    </PrefetchFirst>
  );
}

export default withPageMessages(["analytics", "review.postType", "review.status"], ProjectPage);

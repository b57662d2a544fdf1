import { notFound } from "next/navigation";
import { PrefetchFirst } from "@/components/overview/prefetch";
import { ProjectDetail } from "@/components/projects/project-detail";
import { SkeletonLines } from "@/components/ui/skeleton";
import { ALL_CAMPAIGN_STATUSES, campaignsQuery } from "@/lib/queries/campaigns";
import { projectChannelsQuery, projectQuery } from "@/lib/queries/projects";
import { CAMPAIGN_STATUSES, IdParam } from "@/lib/schemas";
import { service } from "@/lib/server/upstream-service";
import { withPageMessages } from "@/components/shell/page-messages";

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

import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PrefetchFirst } from "@/lib/server/render/prefetch";
import { ProjectsList } from "@/components/projects/projects-list";
import { SkeletonLines } from "@/components/ui/skeleton";
import { projectsQuery } from "@/lib/queries/projects";
import { service } from "@/lib/server/upstream-service";
import { withPageMessages } from "@/components/shell/page-messages";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("analytics.projects");
  return { title: t("title") };
}

async function ProjectsPage() {
  const t = await getTranslations("analytics.projects");
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">{t("title")}</h1>
      <PrefetchFirst fallback={<SkeletonLines lines={6} />} entries={[{ queryKey: projectsQuery().queryKey, queryFn: () => service.projects() }]}>
        <ProjectsList />
      </PrefetchFirst>
    </>
  );
}

export default withPageMessages(["analytics.projects"], ProjectsPage);

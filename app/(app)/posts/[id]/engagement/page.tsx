import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import type { SearchParams } from "nuqs/server";
import { PostEngagement } from "@/components/engagement/post-engagement";
import { PrefetchFirst } from "@/lib/server/render/prefetch";
import { SkeletonLines } from "@/components/ui/skeleton";
import { engagementHistoryQuery, postEngagementQuery } from "@/lib/queries/engagement";
import { postQuery } from "@/lib/queries/posts";
import { IdParam } from "@/lib/schemas";
import { readDeps } from "@/lib/server/collector/deps";
import { postEngagementHistory, postEngagementSnapshot } from "@/lib/server/collector/post-reads";
import { service } from "@/lib/server/upstream-service";
import { parsePostEngagementUrl } from "@/lib/url-state/engagement";
import { withPageMessages } from "@/components/shell/page-messages";

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<SearchParams>;
};

// The tab's own title (the layout adds the product name); the id only, so the title costs no upstream read.
export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const parsed = IdParam.safeParse((await params).id);
  if (!parsed.success) return { title: (await getTranslations("analytics.overview"))("title") };
  return { title: (await getTranslations("analytics.post"))("title", { id: parsed.data }) };
}

async function PostEngagementPage({ params, searchParams }: Props) {
  const parsed = IdParam.safeParse((await params).id);
  if (!parsed.success) notFound();
  const id = parsed.data;
  // The client's parsers and defaults, so the prefetched history is the one the chart asks for.
  const { metric, points } = parsePostEngagementUrl(await searchParams, id);
  return (
    <PrefetchFirst
      fallback={<SkeletonLines lines={8} />}
      entries={[
        { queryKey: postQuery(id).queryKey, queryFn: () => service.post(id) },
        // The same snapshot GET /api/posts/[id]/engagement answers (and the post page's summary shows).
        { queryKey: postEngagementQuery(id).queryKey, queryFn: async () => postEngagementSnapshot(await readDeps(), id, "interactive") },
        // Only the metric on screen; from the local series once the collector holds the post's history.
        {
          queryKey: engagementHistoryQuery(id, metric, points).queryKey,
          queryFn: async () => postEngagementHistory(await readDeps(), id, { metric_type: metric, limit: points }, "interactive"),
        },
      ]}
    >
      <PostEngagement id={id} />
    </PrefetchFirst>
  );
}

export default withPageMessages(["analytics", "planner.compare"], PostEngagementPage);

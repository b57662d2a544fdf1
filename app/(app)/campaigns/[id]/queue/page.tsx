import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notFound, redirect } from "next/navigation";
import type { SearchParams } from "nuqs/server";
import { PrefetchFirst, type PrefetchEntry } from "@/lib/server/render/prefetch";
import { QueueView } from "@/components/queue/queue-view";
import { rowChecksEntry } from "@/lib/server/checks/prefetch";
import { ShareButton } from "@/components/share/share-button";
import { TriageTableSkeleton } from "@/components/triage/table/skeleton";
import { getCurrentUser } from "@/lib/server/auth/current-user";
import { can } from "@/lib/auth/roles";
import { bulkJobOptions, jobShown, recentBulkJobsOptions } from "@/lib/queries/bulk";
import { campaignQuery } from "@/lib/queries/campaigns";
import { policyQuery, rowFactsQuery } from "@/lib/queries/collab";
import { queuePostsOptions } from "@/lib/queries/queue";
import { prefetchEntry } from "@/lib/server/queries/server-query-client";
import { IdParam, PostListQuery } from "@/lib/schemas";
import { campaignPostsChecked } from "@/lib/server/checks/list-filter";
import { readBulkJob, recentBulkJobs } from "@/lib/server/bulk";
import { getPolicy } from "@/lib/server/collab/approval-policy";
import { rowFacts } from "@/lib/server/collab/row-facts";
import { service } from "@/lib/server/upstream-service";
import { parseChecksUrl } from "@/lib/url-state/checks";
import { parseQueueUrl, queueApiQuery, queueUrlSearch } from "@/lib/url-state/queue";
import { withPageMessages } from "@/components/shell/page-messages";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<SearchParams> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("review.queue");
  return { title: t("title") };
}

const URL_KEYS = ["status", "sort", "page", "size"] as const;

async function QueuePage({ params, searchParams }: Props) {
  const parsed = IdParam.safeParse((await params).id);
  if (!parsed.success) notFound();
  const id = parsed.data;
  const raw = await searchParams;

  // The same parsers as the client: an invalid or non-canonical link is rewritten to what is actually shown.
  const state = parseQueueUrl(raw);
  const canonical = queueUrlSearch(state);
  const given = URL_KEYS.flatMap((k) => (raw[k] === undefined ? [] : [`${k}=${[raw[k]].flat().join(",")}`])).join("&");
  if (canonical !== (given ? `?${given}` : "")) redirect(`/campaigns/${id}/queue${canonical}`);

  const user = await getCurrentUser();
  const t = await getTranslations("review.queue");
  // The first load's rows come in the HTML (the largest paint of the page): the list the client asks
  // for, under its key, through the service. The posts route's own parser makes the upstream query, so
  // both ways read the same cached view. Client navigations skip it (see Prefetch).
  // The checks filter (`?checks=`) is read by the same parser as the client's select, so the prefetched list is the one shown.
  const { checks } = parseChecksUrl(raw);
  const api = queueApiQuery({ ...state, checks });
  const canShare = user ? can(user.role, "share:manage") : false;
  const canDecide = user ? can(user.role, "decide") : false;
  const entries: PrefetchEntry[] = [
    prefetchEntry(
      queuePostsOptions(id, { ...state, checks }).queryKey,
      () => {
        const q = PostListQuery.parse({ ...api, limit: String(api.limit), offset: String(api.offset) });
        return checks ? campaignPostsChecked(id, q, checks, "interactive") : service.campaignPosts(id, q);
      },
      // The rows' verdicts and viewers (database only), read with the rows: the browser would ask
      // right after hydrating, and each answer re-renders the whole list while the phone starts up.
      (list) => {
        const ids = list.data.posts.map((p) => p.task_id);
        return [...(user && ids.length > 0 ? [{ queryKey: rowFactsQuery(ids).queryKey, queryFn: () => rowFacts(ids, user.email) }] : []), ...rowChecksEntry(ids)];
      },
    ),
    // The campaign's approval steps (the rows' «2 шага» badge; database only).
    { queryKey: policyQuery(id).queryKey, queryFn: () => getPolicy(id) },
    // The campaign's channels (one cached read), so the rows' over-limit flags are in the HTML:
    // arriving after hydration, each flag would add a line to its row and push the list down.
    { queryKey: campaignQuery(id).queryKey, queryFn: () => service.campaign(id) },
    // A bulk job started before this load shows its progress at once (database only; deciders only, as the route).
    // A job shown at once comes with its detail, so a stopped job's panel asks for nothing after hydrating.
    ...(canDecide
      ? [
          prefetchEntry(
            recentBulkJobsOptions(id).queryKey,
            async () => ({ jobs: await recentBulkJobs(id) }),
            ({ jobs }) => jobs.filter((j) => jobShown(j, Date.now())).map((j) => ({ queryKey: bulkJobOptions(j.id).queryKey, queryFn: () => readBulkJob(j.id) })),
          ),
        ]
      : []),
  ];
  return (
    <>
      {/* A link for people without an account to this campaign's waiting posts (editors, admins). */}
      {canShare && (
        <div className="mb-3 flex justify-end">
          <ShareButton target={{ campaign_id: id }} />
        </div>
      )}
      <PrefetchFirst entries={entries} fallback={<TriageTableSkeleton label={t("loading")} />}>
        <QueueView campaignId={id} canDecide={canDecide} />
      </PrefetchFirst>
    </>
  );
}

export default withPageMessages(
  [
    "collab",
    "review.bulk",
    "review.checks",
    "review.decision",
    "review.diff",
    "review.inbox",
    "review.keys",
    "review.media",
    "review.platform",
    "review.post",
    "review.postType",
    "review.queue",
    "review.rejectCategory",
    "review.status",
    "review.triage",
    "share.manage",
  ],
  QueuePage,
);

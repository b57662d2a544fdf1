import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import type { SearchParams } from "nuqs/server";
import { rowChecksEntry } from "@/lib/server/checks/prefetch";
import { PrefetchFirst } from "@/lib/server/render/prefetch";
import { InboxView } from "@/components/triage/inbox/inbox-view";
import { TriageTableSkeleton } from "@/components/triage/table/skeleton";
import { getCurrentUser } from "@/lib/server/auth/current-user";
import { can } from "@/lib/auth/roles";
import { bulkJobOptions, jobShown, recentBulkJobsOptions } from "@/lib/queries/bulk";
import { prefetchEntry, type PrefetchEntry } from "@/lib/server/queries/server-query-client";
import { campaignQuery } from "@/lib/queries/campaigns";
import { policyQuery, rowFactsQuery } from "@/lib/queries/collab";
import { projectsQuery } from "@/lib/queries/projects";
import type { SessionUser } from "@/lib/auth/roles";
import { readBulkJob, recentBulkJobs } from "@/lib/server/bulk";
import { getPolicy } from "@/lib/server/collab/approval-policy";
import { rowFacts } from "@/lib/server/collab/row-facts";
import { inboxAnswer } from "@/lib/server/inbox";
import { inboxEntry } from "@/lib/server/inbox/prefetch-entry";
import { service } from "@/lib/server/upstream-service";
import { parseChecksUrl } from "@/lib/url-state/checks";
import { INBOX_URL_KEYS, inboxFilters, inboxUrlSearch, parseInboxUrl } from "@/lib/url-state/inbox";
import { withPageMessages } from "@/components/shell/page-messages";

type Props = { searchParams: Promise<SearchParams> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("review.inbox");
  return { title: t("title") };
}

/**
 * What the desk reads right after hydrating, read with the rows instead: the filter's projects,
 * each row's campaign (its channels, for the over-limit flags; cached upstream reads the browser
 * would make anyway), the rows' verdicts and viewers, and each listed campaign's recent bulk jobs
 * (database only, deciders only, as the route). The browser made ~20 requests after hydrating.
 */
function deskEntries(answer: ReturnType<typeof inboxAnswer>, user: SessionUser | null): PrefetchEntry[] {
  if (!user) return [];
  const ids = answer.data.posts.map((p) => p.task_id);
  const onPage = [...new Set(answer.data.posts.map((p) => p.campaign_id))];
  return [
    { queryKey: projectsQuery().queryKey, queryFn: () => service.projects() },
    ...onPage.map((id) => ({ queryKey: campaignQuery(id).queryKey, queryFn: () => service.campaign(id) })),
    ...(ids.length > 0 ? [{ queryKey: rowFactsQuery(ids).queryKey, queryFn: () => rowFacts(ids, user.email) }] : []),
    // The rows' checks marks and each listed campaign's approval steps (database only).
    ...rowChecksEntry(ids),
    ...onPage.map((id) => ({ queryKey: policyQuery(id).queryKey, queryFn: () => getPolicy(id) })),
    ...(can(user.role, "decide")
      ? answer.data.campaigns.map((c) =>
          // A job shown at once comes with its detail, so a stopped job's panel asks for nothing after hydrating.
          prefetchEntry(
            recentBulkJobsOptions(c.id).queryKey,
            async () => ({ jobs: await recentBulkJobs(c.id) }),
            ({ jobs }) => jobs.filter((j) => jobShown(j, Date.now())).map((j) => ({ queryKey: bulkJobOptions(j.id).queryKey, queryFn: () => readBulkJob(j.id) })),
          ),
        )
      : []),
  ];
}

async function InboxPage({ searchParams }: Props) {
  const raw = await searchParams;
  // The same parsers as the client: an invalid or non-canonical link is rewritten to what is actually shown.
  const state = parseInboxUrl(raw);
  const canonical = inboxUrlSearch(state);
  const given = INBOX_URL_KEYS.flatMap((k) => (raw[k] === undefined ? [] : [`${k}=${[raw[k]].flat().join(",")}`])).join("&");
  if (canonical !== (given ? `?${given}` : "")) redirect(`/inbox${canonical}`);

  const user = await getCurrentUser();
  const t = await getTranslations("review.inbox");
  // The checks filter (`?checks=`): the same parser as the client's select, so the prefetched page is the one shown.
  const filters = { ...inboxFilters(state), checks: parseChecksUrl(raw).checks };
  // The first load's rows come in the HTML: the page the client asks for, under its key, from the
  // inbox's own copy (what GET /api/inbox answers). Client navigations skip it (see Prefetch).
  return (
    <PrefetchFirst
      fallback={<TriageTableSkeleton label={t("loading")} />}
      entries={[inboxEntry(filters, (answer) => deskEntries(answer, user))]}
    >
      <InboxView canDecide={user ? can(user.role, "decide") : false} />
    </PrefetchFirst>
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
  ],
  InboxPage,
);

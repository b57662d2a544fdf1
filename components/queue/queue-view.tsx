"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useMemo } from "react";
import { ChecksFilter, useChecksUrl } from "@/components/checks/checks-filter";
import { useVerdictUrl, VerdictFilter } from "@/components/collab/verdict-filter";
import { PhoneFilters } from "@/components/triage/phone-filters";
import { TriageDesk } from "@/components/triage/triage-desk";
import type { TriageSource } from "@/components/triage/source";
import { useStatusLabel } from "@/components/triage/status-badge";
import { TriagePagination } from "@/components/triage/table/pagination";
import Link from "next/link";
import { useLive } from "@/lib/events/live-events";
import { queuePostsOptions, queuePostsPrefix } from "@/lib/queries/queue";
import { queueFilterCount } from "@/lib/url-state/filter-count";
import { QUEUE_DEFAULTS, QUEUE_PAGE_SIZES, lastPage } from "@/lib/url-state/queue";
import { QueueFilters } from "./filters";
import { QueueEmptyState } from "./table/empty-state";
import { useQueueUrl } from "./use-queue-url";

/** A campaign's review queue: its posts (status filter, sort, pages in the URL) on the shared triage desk. */
export function QueueView({ campaignId, canDecide }: { campaignId: number; canDecide: boolean }) {
  const t = useTranslations("review.queue");
  const statusLabel = useStatusLabel();
  const [url, setUrl, hrefFor] = useQueueUrl();
  const live = useLive();
  // Reviewers' verdicts ("signed off", "changes requested") narrow the list from the dashboard's own records.
  const verdict = useVerdictUrl();
  // The checks' verdict (clean / warnings / blocked), filtered by the server before paging.
  const checks = useChecksUrl();
  const query = useQuery(queuePostsOptions(campaignId, { ...url, verdict, checks }, live));

  // A page number past the end (rows left, a stale link) goes to the last page.
  const total = query.data?.data.total;
  useEffect(() => {
    if (total !== undefined && url.page > lastPage(total, url.size)) setUrl({ page: lastPage(total, url.size) });
  }, [total, url.page, url.size, setUrl]);

  const viewKey = `${url.statuses.join(",")}|${url.sort}|${url.page}|${url.size}|${verdict ?? ""}|${checks ?? ""}`;
  const listKey = useMemo(() => queuePostsPrefix(campaignId), [campaignId]);
  const jobCampaigns = useMemo(() => [campaignId], [campaignId]);
  const source: TriageSource = { query, listKey, viewKey, jobCampaigns };
  // A checks filter is a filter too: the empty list then offers the plain queue.
  const isDefaultFilter = url.statuses.join(",") === QUEUE_DEFAULTS.statuses.join(",") && checks === null;

  return (
    <TriageDesk
      source={source}
      canDecide={canDecide}
      columns="queue"
      idPrefix="queue"
      title={t("title")}
      subtitle={
        query.data && (
          <Link href={`/campaigns/${campaignId}`} className="text-blue-800 underline dark:text-blue-300">
            {query.data.data.campaign_name}
          </Link>
        )
      }
      filters={
        // On a phone, behind one button with the count of those set, so the first posts fit the first screen.
        <PhoneFilters count={queueFilterCount(url, { verdict, checks })}>
          <div className="flex flex-col gap-3">
            <QueueFilters statuses={url.statuses} sort={url.sort} onStatuses={(statuses) => setUrl({ statuses })} onSort={(sort) => setUrl({ sort })} />
            <VerdictFilter />
            <ChecksFilter />
          </div>
        </PhoneFilters>
      }
      empty={<QueueEmptyState statuses={url.statuses.map(statusLabel).join(", ")} resetHref={hrefFor(QUEUE_DEFAULTS)} isDefault={isDefaultFilter} />}
      footer={(all) => <TriagePagination page={url.page} size={url.size} sizes={QUEUE_PAGE_SIZES} total={all} onPage={(page) => setUrl({ page })} onSize={(size) => setUrl({ size })} />}
      tableLabel={t("tableLabel")}
      caption={(all) => t("caption", { total: all })}
    />
  );
}

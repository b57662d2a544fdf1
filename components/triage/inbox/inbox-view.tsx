"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useMemo } from "react";
import { ChecksFilter, useChecksUrl } from "@/components/checks/checks-filter";
import { useVerdictUrl, VerdictFilter } from "@/components/collab/verdict-filter";
import { inboxVerdictOptions } from "@/lib/queries/collab";
import { inboxPrefix } from "@/lib/queries/inbox";
import { INBOX_DEFAULTS, INBOX_PAGE_SIZES, inboxFilters, inboxUrlSearch, isFiltered } from "@/lib/url-state/inbox";
import { inboxFilterCount } from "@/lib/url-state/filter-count";
import { lastPage } from "@/lib/url-state/queue";
import { PhoneFilters } from "../phone-filters";
import type { TriageSource } from "../source";
import { TriagePagination } from "../table/pagination";
import { TriageDesk } from "../triage-desk";
import { DueSoonMinutes } from "../urgency-badge";
import { InboxEmptyState } from "./empty-state";
import { InboxFilters } from "./filters";
import { InboxFreshness } from "./freshness";
import { useInboxUrl } from "./use-inbox-url";

/**
 * Every post waiting for approval across the active and frozen campaigns,
 * soonest planned time first, with its urgency and campaign: the same triage
 * desk as a campaign's queue, fed by GET /api/inbox.
 */
export function InboxView({ canDecide }: { canDecide: boolean }) {
  const t = useTranslations("review.inbox");
  const [url, setUrl, hrefFor] = useInboxUrl();
  const verdict = useVerdictUrl();
  // The checks' verdict (clean / warnings / blocked), filtered by the server before paging.
  const checks = useChecksUrl();
  const query = useQuery(inboxVerdictOptions({ ...inboxFilters(url), checks }, verdict));
  const data = query.data?.data;

  // A page number past the end (posts decided meanwhile, a stale link) goes to the last page.
  const total = data?.total;
  useEffect(() => {
    if (total !== undefined && url.page > lastPage(total, url.size)) setUrl({ page: lastPage(total, url.size) });
  }, [total, url.page, url.size, setUrl]);

  const campaigns = useMemo(() => data?.campaigns ?? [], [data]);
  const campaignKey = campaigns.map((c) => c.id).join(",");
  // Unfinished bulk jobs of any listed campaign show again after a reload (the dashboard's own table: no upstream read).
  const jobCampaigns = useMemo(() => (campaignKey ? campaignKey.split(",").map(Number) : []), [campaignKey]);
  const viewKey = `${inboxUrlSearch(url)}${verdict ? `#${verdict}` : ""}${checks ? `~${checks}` : ""}`;
  const source: TriageSource = { query, listKey: inboxPrefix, viewKey, jobCampaigns };

  return (
    <DueSoonMinutes value={data?.thresholds.due_soon_minutes ?? 120}>
      <TriageDesk
        source={source}
        canDecide={canDecide}
        columns="inbox"
        idPrefix="inbox"
        title={t("title")}
        subtitle={
          <div className="flex flex-col gap-1">
            {/* On a phone the title says enough: the first posts come on the first screen. */}
            <p className="hidden sm:block">{t("intro")}</p>
            {/* A fresh install: campaigns the server is still filling in the background are not in the list yet. */}
            {(data?.loading ?? 0) > 0 && (
              <p role="status" className="font-medium text-zinc-800 dark:text-zinc-200" data-inbox-loading>
                {t("campaignsLoading", { count: data?.loading ?? 0 })}
              </p>
            )}
            <InboxFreshness campaigns={campaigns} />
          </div>
        }
        filters={
          // On a phone, behind one button with the count of those set, so the first posts fit the first screen.
          <PhoneFilters count={inboxFilterCount(url, { verdict, checks })}>
            <div className="flex flex-col gap-3">
              <InboxFilters state={url} campaigns={campaigns} onChange={setUrl} />
              {/* Reviewer verdicts ("signed off", "changes requested", "needs mine"), from the dashboard's own database. */}
              <div className="flex flex-wrap gap-3">
                <VerdictFilter mine />
                <ChecksFilter />
              </div>
            </div>
          </PhoneFilters>
        }
        empty={<InboxEmptyState filtered={isFiltered(url) || checks !== null || verdict !== null} resetHref={hrefFor(INBOX_DEFAULTS)} loading={data?.loading ?? 0} />}
        footer={(all) => <TriagePagination page={url.page} size={url.size} sizes={INBOX_PAGE_SIZES} total={all} onPage={(page) => setUrl({ page })} onSize={(size) => setUrl({ size })} />}
        tableLabel={t("tableLabel")}
        caption={(all) => t("caption", { total: all })}
      />
    </DueSoonMinutes>
  );
}

"use client";

import { useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useMemo } from "react";
import { ErrorState, StaleNote } from "@/components/ui/query-states";
import { campaignsQuery } from "@/lib/queries/campaigns";
import { INBOX_COUNT_READ, inboxOptions } from "@/lib/queries/inbox";
import { CampaignFilters } from "./filters";
import { CampaignDataTable } from "./table/data-table";
import { CampaignTableEmpty } from "./table/empty-state";
import { CampaignTableSkeleton } from "./table/skeleton";
import { CampaignWaitingContext, type CampaignWaiting } from "./table/waiting";
import { useCampaignsUrl } from "./use-campaigns-url";

/** Case- and accent-insensitive "contains", so "кофе" finds "Кофейня" and "ё" finds "е". */
function matcher(q: string, locale: string) {
  const norm = (s: string) => s.toLocaleLowerCase(locale).normalize("NFD").replace(/\p{M}/gu, "");
  const needle = norm(q.trim());
  return (name: string) => needle === "" || norm(name).includes(needle);
}

export function CampaignsView() {
  const t = useTranslations("analytics.campaigns");
  const locale = useLocale();
  const { state, update, search, reset } = useCampaignsUrl();
  const query = useQuery(campaignsQuery({ projectId: state.project, statuses: state.statuses }));

  // Waiting posts and the soonest deadline per campaign: the inbox's own summary, so the table costs no
  // upstream call per row. Every inbox answer carries the same summary whatever its filters and page:
  // the navigation's count read (one post) has it, and the page's HTML too (app/(app)/campaigns/page.tsx).
  // The inbox page's first twenty posts, read for it before, were ~20 kB of JSON and a second render of
  // the table right after hydrating, for a few numbers.
  const inbox = useQuery(inboxOptions(INBOX_COUNT_READ)).data?.data.campaigns;
  const waiting = useMemo<CampaignWaiting | null>(
    () => (inbox ? new Map(inbox.map((c) => [c.id, { waiting: c.waiting, earliest: c.earliest_planned_at }])) : null),
    [inbox],
  );

  const all = query.data?.data.campaigns;
  const rows = useMemo(() => {
    const matches = matcher(state.q, locale);
    return (all ?? []).filter((c) => matches(c.name));
  }, [all, state.q, locale]);

  return (
    <div className="space-y-4">
      <CampaignFilters state={state} onChange={update} onSearch={search} />
      <div aria-live="polite" className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="campaigns-count">
        {all && t("count", { shown: rows.length, total: all.length })}
      </div>
      {query.isPending ? (
        <CampaignTableSkeleton />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <StaleNote meta={query.data.meta} />
          {rows.length === 0 ? (
            <CampaignTableEmpty onReset={reset} />
          ) : (
            <CampaignWaitingContext value={waiting}>
              <CampaignDataTable rows={rows} sort={state.sort} onSortChange={(sort) => update({ sort })} />
            </CampaignWaitingContext>
          )}
        </>
      )}
    </div>
  );
}

"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useZone } from "@/i18n/use-zone";
import { Button } from "@/components/ui/button";
import { ErrorState } from "@/components/ui/query-states";
import { ACTIVITY_PAGE_SIZE, auditCsvHref, auditOptions } from "@/lib/queries/audit";
import { activityUrlSearch } from "@/lib/url-state/activity";
import { ActivityFiltersForm } from "./filters";
import { OtherActions } from "./other-actions/other-actions";
import { ActivityDataTable } from "./table/data-table";
import { ActivityEmptyState } from "./table/empty-state";
import { ActivityTableSkeleton } from "./table/skeleton";
import { useActivityUrl } from "./use-activity-url";

export function ActivityView() {
  const t = useTranslations("review.activity");
  const { filters, apply: go, reset } = useActivityUrl();
  const timeZone = useZone();
  const query = useQuery(auditOptions(filters, timeZone));
  const filtered = Boolean(filters.campaign || filters.post || filters.user || filters.person || filters.action || filters.from || filters.to);
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ACTIVITY_PAGE_SIZE));

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <a href={auditCsvHref(filters, timeZone)} download className="inline-flex h-9 items-center rounded-md border border-zinc-300 px-3 text-sm font-medium hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-zinc-700 dark:hover:bg-zinc-800">
          {t("exportCsv")}
        </a>
      </div>
      {/* key: filters changed elsewhere (back button, reset) refill the form's own fields. */}
      <ActivityFiltersForm key={activityUrlSearch({ ...filters, page: null })} filters={filters} onApply={go} onReset={reset} />
      <section aria-label={t("tableLabel")}>
        {query.isPending ? (
          <ActivityTableSkeleton label={t("loading")} />
        ) : query.isError ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : query.data.items.length === 0 ? (
          <ActivityEmptyState filtered={filtered} />
        ) : (
          <>
            <ActivityDataTable items={query.data.items} caption={t("caption", { total })} />
            <nav aria-label={t("pagination.label")} className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm">
              <p>{t("pagination.range", { from: (filters.page - 1) * ACTIVITY_PAGE_SIZE + 1, to: Math.min(total, filters.page * ACTIVITY_PAGE_SIZE), total })}</p>
              <div className="flex items-center gap-2">
                <Button size="sm" disabled={filters.page <= 1} onClick={() => go({ ...filters, page: filters.page - 1 })}>
                  {t("pagination.previous")}
                </Button>
                <span>{t("pagination.page", { page: filters.page, pages })}</span>
                <Button size="sm" disabled={filters.page >= pages} onClick={() => go({ ...filters, page: filters.page + 1 })}>
                  {t("pagination.next")}
                </Button>
              </div>
            </nav>
          </>
        )}
      </section>
      <OtherActions filters={filters} onApply={go} />
    </div>
  );
}

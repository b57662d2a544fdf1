"use client";

import { useQuery } from "@tanstack/react-query";
import { useTable } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import { useZone } from "@/i18n/use-zone";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { DataTable, DataTableEmpty, DataTableSkeleton } from "@/components/ui/data-table";
import { ErrorState } from "@/components/ui/query-states";
import { auditEventsCsvHref, auditEventsOptions } from "@/lib/queries/audit-events";
import type { ActivityFilters } from "@/lib/url-state/activity";
import { otherActionsColumns, otherActionsFeatures, type OtherActionRow } from "./columns";

const STEP = 50;
const GROUPS = ["comment", "verdict", "policy", "share", "notify", "bulk"] as const;
const getRowId = (row: OtherActionRow) => String(row.id);

/**
 * Everything audited that is not an approve or reject (audit_events): the same
 * person, post, campaign and days as the decisions table above, narrowed by kind.
 */
export function OtherActions({ filters, onApply }: { filters: ActivityFilters; onApply: (next: ActivityFilters) => void }) {
  const t = useTranslations("review.activity.other");
  const [limit, setLimit] = useState(STEP);
  const timeZone = useZone();
  const query = useQuery(auditEventsOptions(filters, limit, timeZone));
  const items = query.data?.items ?? [];
  const table = useTable({ features: otherActionsFeatures, columns: otherActionsColumns, data: items, getRowId });
  const filtered = Boolean(filters.campaign || filters.post || filters.user || filters.person || filters.from || filters.to || filters.actions);

  return (
    <section aria-labelledby="other-actions-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="other-actions-title" className="text-xl font-semibold">
            {t("title")}
          </h2>
          <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("intro")}</p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <label className="flex flex-col gap-1 text-sm">
            {t("group.label")}
            <select
              className="h-9 rounded-md border border-zinc-400 bg-white px-2 text-sm dark:border-zinc-600 dark:bg-zinc-900"
              value={filters.actions ?? ""}
              onChange={(e) => onApply({ ...filters, actions: (GROUPS as readonly string[]).includes(e.target.value) ? (e.target.value as (typeof GROUPS)[number]) : null })}
            >
              <option value="">{t("group.all")}</option>
              {GROUPS.map((g) => (
                <option key={g} value={g}>
                  {t(`group.${g}`)}
                </option>
              ))}
            </select>
          </label>
          <a
            href={auditEventsCsvHref(filters, timeZone)}
            download
            className="inline-flex h-9 items-center rounded-md border border-zinc-300 px-3 text-sm font-medium hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-zinc-700 dark:hover:bg-zinc-800"
          >
            {t("exportCsv")}
          </a>
        </div>
      </div>
      {query.isPending ? (
        <DataTableSkeleton label={t("loading")} columns={5} rowClassName="h-[53px]" cardClassName="h-[220px]" />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <DataTableEmpty className="p-6 text-sm">{filtered ? t("emptyFiltered") : t("empty")}</DataTableEmpty>
      ) : (
        <>
          <DataTable
            table={table}
            caption={t("caption", { total: query.data.total })}
            headClassName="whitespace-nowrap text-xs uppercase tracking-wide text-zinc-700 dark:text-zinc-300"
            rowAttributes={(row) => ({ "data-event-id": row.original.id, "data-kind": row.original.kind })}
          />
          {query.data.total > items.length && (
            <Button size="sm" className="self-start" onClick={() => setLimit((n) => Math.min(200, n + STEP))} disabled={limit >= 200}>
              {t("more")}
            </Button>
          )}
        </>
      )}
    </section>
  );
}

"use client";

import { ScrollRegion } from "@/components/charts/scroll-region";
import { functionalUpdate, useTable, type SortingState, type Updater } from "@tanstack/react-table";
import { useLocale, useTranslations } from "next-intl";
import { useMemo } from "react";
import type { CampaignListItem } from "@/lib/schemas";
import { CAMPAIGN_SORT_KEYS, type CampaignSort, type CampaignSortKey } from "@/lib/url-state/campaigns";
import { useCampaignColumns } from "./columns";
import { campaignTableFeatures } from "./features";
import { SortButton, ariaSort } from "@/components/ui/sort-button";

const isSortKey = (id: string): id is CampaignSortKey => (CAMPAIGN_SORT_KEYS as readonly string[]).includes(id);

/** The campaigns table; its sort lives in the URL, owned by the caller. */
export function CampaignDataTable({
  rows,
  sort,
  onSortChange,
}: {
  rows: CampaignListItem[];
  sort: CampaignSort;
  onSortChange: (sort: CampaignSort) => void;
}) {
  const t = useTranslations("analytics.campaigns");
  const locale = useLocale();
  const columns = useCampaignColumns(locale);
  const sorting = useMemo<SortingState>(() => [{ id: sort.key, desc: sort.desc }], [sort.key, sort.desc]);

  const table = useTable({
    features: campaignTableFeatures,
    columns,
    data: rows,
    getRowId: (row) => String(row.id),
    state: { sorting },
    // One column at a time, never "unsorted": the URL always names a sort.
    enableSortingRemoval: false,
    enableMultiSort: false,
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = functionalUpdate(updater, sorting)[0];
      if (next && isSortKey(next.id)) onSortChange({ key: next.id, desc: next.desc });
    },
  });

  const sortedLabel = t(`col.${sort.key}`);
  return (
    <ScrollRegion label={t("title")} className="rounded-lg border border-zinc-200 dark:border-zinc-800">
      <table className="w-full min-w-[760px] text-left text-sm" data-testid="campaigns-table">
        <caption className="sr-only">
          {t("tableCaption", { column: sortedLabel, direction: sort.desc ? t("desc") : t("asc") })}
        </caption>
        <thead className="bg-zinc-50 dark:bg-zinc-900">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                const canSort = header.column.getCanSort() && isSortKey(header.column.id);
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={ariaSort(sorted)}
                    className="px-3 py-2 font-semibold"
                  >
                    {canSort ? (
                      <SortButton sorted={sorted} onClick={header.column.getToggleSortingHandler()}>
                        <table.FlexRender header={header} />
                      </SortButton>
                    ) : (
                      <table.FlexRender header={header} />
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className="border-t border-zinc-200 dark:border-zinc-800" data-testid="campaign-row">
              {row.getAllCells().map((cell) => (
                <td key={cell.id} className="px-3 py-2 align-top">
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

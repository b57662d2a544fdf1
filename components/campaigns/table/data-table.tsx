"use client";

import { functionalUpdate, useTable, type SortingState, type Updater } from "@tanstack/react-table";
import { useLocale, useTranslations } from "next-intl";
import { useMemo } from "react";
import { DataTable } from "@/components/ui/data-table";
import type { CampaignListItem } from "@/lib/schemas";
import { CAMPAIGN_SORT_KEYS, type CampaignSort, type CampaignSortKey } from "@/lib/url-state/campaigns";
import { useCampaignColumns } from "./columns";
import { campaignTableFeatures } from "./features";

const isSortKey = (id: string): id is CampaignSortKey => (CAMPAIGN_SORT_KEYS as readonly string[]).includes(id);
const getRowId = (row: CampaignListItem) => String(row.id);

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
    getRowId,
    state: { sorting },
    // One column at a time, never "unsorted": the URL always names a sort.
    enableSortingRemoval: false,
    enableMultiSort: false,
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = functionalUpdate(updater, sorting)[0];
      if (next && isSortKey(next.id)) onSortChange({ key: next.id, desc: next.desc });
    },
  });

  return (
    <DataTable
      table={table}
      caption={t("tableCaption", { column: t(`col.${sort.key}`), direction: sort.desc ? t("desc") : t("asc") })}
      scrollLabel={t("title")}
      tableClassName="min-w-[940px]"
      testId="campaigns-table"
      rowTestId="campaign-row"
      cardTestId="campaign-card"
    />
  );
}

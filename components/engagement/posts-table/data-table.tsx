"use client";

import { ScrollRegion } from "@/components/charts/scroll-region";
import { useTable, type SortingState } from "@tanstack/react-table";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { useOpenLabel } from "@/components/campaigns/use-labels";
import { Button } from "@/components/ui/button";
import { toLocale } from "@/i18n/config";
import { downloadCsv, type CsvRow } from "@/lib/analytics/csv";
import { postsCsvRows } from "@/lib/analytics/engagement-csv";
import { postsTableFeatures, useCellText, usePostColumns } from "./columns";
import type { PostEngagementRow } from "./rows";
import { SortButton, ariaSort } from "@/components/ui/sort-button";

/**
 * The published posts with their metrics, sortable by any column among the
 * loaded rows. The CSV button writes the rows in the order shown, after
 * `headerRows` (campaign, period and totals as on screen).
 */
export function PostsEngagementTable({
  rows,
  metrics,
  headerRows,
  fileName,
}: {
  rows: PostEngagementRow[];
  metrics: readonly string[];
  headerRows: CsvRow[];
  fileName: string;
}) {
  const t = useTranslations("analytics");
  const locale = toLocale(useLocale());
  const label = useOpenLabel();
  const cellText = useCellText();
  const columns = usePostColumns(metrics);
  const [sorting, setSorting] = useState<SortingState>([]);
  const table = useTable({
    features: postsTableFeatures,
    columns,
    data: rows,
    getRowId: (r) => String(r.post.task_id),
    state: { sorting },
    onSortingChange: setSorting,
    enableMultiSort: false,
  });
  const shown = table.getRowModel().rows.map((r) => r.original);
  const sortedColumn = sorting[0];

  const exportCsv = () => {
    const lines = shown.map((r) => ({ id: r.post.task_id, text: r.post.text, publishedAt: r.post.published_at, cells: metrics.map((m) => cellText(r, m)) }));
    downloadCsv(fileName, [...headerRows, [], ...postsCsvRows(t, metrics, lines)], locale);
  };

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-zinc-600 dark:text-zinc-400" aria-live="polite">
          {sortedColumn
            ? t("engagement.sortedBy", {
                column: sortedColumn.id === "post" ? t("engagement.postCol") : sortedColumn.id === "published" ? t("engagement.publishedCol") : label("metric", sortedColumn.id),
                direction: sortedColumn.desc ? t("campaigns.desc") : t("campaigns.asc"),
              })
            : t("engagement.noSort")}
        </p>
        <Button size="sm" onClick={exportCsv} data-testid="export-csv">
          {t("engagement.exportCsv")}
        </Button>
      </div>
      <ScrollRegion label={t("engagement.tableCaption")} className="rounded-lg border border-zinc-200 dark:border-zinc-800">
        <table className="w-full min-w-[720px] text-left text-sm" data-testid="posts-table">
          <caption className="sr-only">{t("engagement.tableCaption")}</caption>
          <thead className="bg-zinc-50 dark:bg-zinc-900">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const numeric = header.column.id !== "post" && header.column.id !== "published";
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={ariaSort(sorted)}
                      className={numeric ? "px-3 py-2 text-right font-semibold" : "px-3 py-2 font-semibold"}
                    >
                      <SortButton sorted={sorted} onClick={header.column.getToggleSortingHandler()}>
                        <table.FlexRender header={header} />
                      </SortButton>
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} className="border-t border-zinc-200 dark:border-zinc-800" data-testid="post-row" data-post-id={row.original.post.task_id}>
                {row.getAllCells().map((cell) => {
                  const numeric = cell.column.id !== "post" && cell.column.id !== "published";
                  return (
                    <td key={cell.id} className={numeric ? "px-3 py-2 text-right align-top" : "px-3 py-2 align-top"} data-col={cell.column.id}>
                      <table.FlexRender cell={cell} />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </div>
  );
}

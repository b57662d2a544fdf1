"use client";

import { useTable, type SortingState } from "@tanstack/react-table";
import { useLocale, useTranslations } from "next-intl";
import { useZone } from "@/i18n/use-zone";
import { useState } from "react";
import { useOpenLabel } from "@/components/campaigns/use-labels";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { toLocale } from "@/i18n/config";
import { postsCsvRows } from "@/lib/analytics/engagement-csv";
import { downloadCsvZip } from "@/lib/csv/download";
import type { CsvTable } from "@/lib/csv/zip";
import { postsTableFeatures, usePostColumns } from "./columns";
import type { PostEngagementRow } from "./rows";

const getRowId = (r: PostEngagementRow) => String(r.post.task_id);

/**
 * The published posts with their metrics, sortable by any column among the
 * loaded rows. The CSV button writes the rows in the order shown, after
 * `headTables` (campaign and period, totals as on screen): a zip of one CSV per table.
 */
export function PostsEngagementTable({
  rows,
  metrics,
  headTables,
  fileName,
}: {
  rows: PostEngagementRow[];
  metrics: readonly string[];
  headTables: CsvTable[];
  fileName: string;
}) {
  const t = useTranslations("analytics");
  const tt = useTranslations("trends.posts");
  const locale = toLocale(useLocale());
  const timeZone = useZone();
  const label = useOpenLabel();
  const columns = usePostColumns(metrics);
  const [sorting, setSorting] = useState<SortingState>([]);
  const table = useTable({
    features: postsTableFeatures,
    columns,
    data: rows,
    getRowId,
    state: { sorting },
    onSortingChange: setSorting,
    enableMultiSort: false,
  });
  const sortedColumn = sorting[0];

  const exportCsv = () => {
    const shown = table.getRowModel().rows.map((r) => r.original);
    const lines = shown.map((r) => ({
      id: r.post.task_id,
      text: r.post.text,
      publishedAt: r.post.published_at,
      // Numbers only in the metric columns (empty: not reported); a row still loading or failed says so in its own column.
      cells: [
        ...metrics.map((m) => (r.state === "loaded" ? (r.metrics[m] ?? null) : null)),
        r.collectedAt ?? null,
        r.state === "pending" ? t("engagement.pending") : r.state === "error" ? t("engagement.failedRow") : null,
      ],
    }));
    const rows = postsCsvRows(t, metrics, lines, [tt("collectedCol"), t("engagement.statusCol")]);
    downloadCsvZip(fileName, [...headTables, { name: "posts", rows }], locale, timeZone);
  };

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-zinc-600 dark:text-zinc-400" aria-live="polite">
          {sortedColumn
            ? t("engagement.sortedBy", {
                column:
                  sortedColumn.id === "post"
                    ? t("engagement.postCol")
                    : sortedColumn.id === "published"
                      ? t("engagement.publishedCol")
                      : sortedColumn.id === "collected"
                        ? tt("collectedCol")
                        : label("metric", sortedColumn.id),
                direction: sortedColumn.desc ? t("campaigns.desc") : t("campaigns.asc"),
              })
            : t("engagement.noSort")}
        </p>
        <Button size="sm" onClick={exportCsv} data-testid="export-csv">
          {t("engagement.exportCsv")}
        </Button>
      </div>
      <DataTable
        table={table}
        caption={t("engagement.tableCaption")}
        scrollLabel={t("engagement.tableCaption")}
        tableClassName="min-w-[720px]"
        testId="posts-table"
        rowTestId="post-row"
        cardTestId="post-card"
        lazyCards
        rowAttributes={(row) => ({ "data-post-id": row.original.post.task_id })}
      />
    </div>
  );
}

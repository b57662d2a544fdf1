"use client";

import { createColumnHelper, createSortedRowModel, rowSortingFeature, tableFeatures } from "@tanstack/react-table";
import { useTranslations, useFormatter } from "next-intl";
import { useMemo } from "react";
import { TextLink } from "@/components/campaigns/text-link";
import { useOpenLabel } from "@/components/campaigns/use-labels";
import { MetricValue } from "../metric-value";
import type { PostEngagementRow } from "./rows";

export const postsTableFeatures = tableFeatures({ rowSortingFeature, sortedRowModel: createSortedRowModel() });
const helper = createColumnHelper<typeof postsTableFeatures, PostEngagementRow>();

/** Text as the table shows it in a cell (also what the CSV writes for a missing value). */
export function useCellText() {
  const t = useTranslations("analytics");
  return (row: PostEngagementRow, metric: string): string | number => {
    if (row.state === "pending") return t("engagement.pending");
    if (row.state === "error") return t("engagement.failedRow");
    return row.metrics[metric] ?? t("notReported");
  };
}

/**
 * The table's columns, rebuilt only when the metric list changes by content.
 * New column definitions mean new cell components, which React would mount
 * afresh in every cell: keeping them stable is what lets one post's metrics
 * arriving redraw one row instead of the whole table.
 */
export function usePostColumns(metrics: readonly string[]) {
  const t = useTranslations("analytics");
  const tt = useTranslations("trends.posts");
  const label = useOpenLabel();
  const format = useFormatter();
  const metricsKey = metrics.join("\n");
  return useMemo(
    () =>
      helper.columns([
        helper.accessor((r) => r.post.task_id, {
          id: "post",
          header: t("engagement.postCol"),
          cell: ({ row }) => (
            <div className="max-w-xs">
              <TextLink href={`/posts/${row.original.post.task_id}/engagement`}>
                {t("post.postLabel", { id: row.original.post.task_id })}
              </TextLink>
              <p className="line-clamp-1 text-xs text-zinc-600 dark:text-zinc-400">{row.original.post.text}</p>
            </div>
          ),
          meta: { card: "title" },
        }),
        helper.accessor((r) => r.post.published_at ?? undefined, {
          id: "published",
          header: t("engagement.publishedCol"),
          sortUndefined: "last",
          cell: ({ row }) =>
            row.original.post.published_at
              ? format.dateTime(new Date(row.original.post.published_at), { dateStyle: "medium", timeStyle: "short" })
              : "—",
        }),
        ...(metricsKey === "" ? [] : metricsKey.split("\n")).map((m) =>
          // Posts not loaded or not reporting the metric sort last in both directions.
          helper.accessor((r) => (r.state === "loaded" ? r.metrics[m] : undefined), {
            id: m,
            header: label("metric", m),
            sortUndefined: "last",
            sortDescFirst: true,
            meta: { className: "text-right" },
            cell: ({ row }) =>
              row.original.state === "pending" ? (
                <span className="text-zinc-600 dark:text-zinc-400">…<span className="sr-only">{t("engagement.pending")}</span></span>
              ) : row.original.state === "error" ? (
                <span className="text-red-800 dark:text-red-300">{t("engagement.failedRow")}</span>
              ) : (
                <MetricValue value={row.original.metrics[m]} />
              ),
          }),
        ),
        // Every value says when it was collected: the newest reading among the row's values.
        helper.accessor((r) => r.collectedAt ?? undefined, {
          id: "collected",
          header: tt("collectedCol"),
          sortUndefined: "last",
          cell: ({ row }) =>
            row.original.collectedAt ? (
              <time dateTime={row.original.collectedAt} className="text-xs text-zinc-700 dark:text-zinc-300">
                {format.dateTime(new Date(row.original.collectedAt), { dateStyle: "short", timeStyle: "short" })}
              </time>
            ) : (
              "—"
            ),
        }),
      ]),
    [t, tt, label, format, metricsKey],
  );
}

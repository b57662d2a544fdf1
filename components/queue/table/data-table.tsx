"use client";

import { useTable, type RowSelectionState, type Updater } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import { useEffect, useMemo, useRef } from "react";
import { cn } from "@/lib/cn";
import type { Post } from "@/lib/schemas";
import { queueColumns, queueFeatures, type QueueTableMeta } from "./columns";

type Props = {
  posts: readonly Post[];
  fetchedAt?: string;
  cursorId: number | null;
  /** Bumped when the cursor moved by keyboard: the row then takes focus (visible ring, screen reader follows). */
  focusToken: number;
  selected: readonly number[];
  onSelectedChange: (ids: number[]) => void;
  onRowClick: (id: number) => void;
  /** Posts approved from the keyboard and waiting out their undo window. */
  pendingIds: readonly number[];
  readOnly: boolean;
  caption: string;
};

const getRowId = (post: Post) => String(post.task_id);
/** Columns a phone can do without, so the table stays readable at 390 px (the preview pane shows the update time). */
const WIDE_ONLY = new Set(["post_type", "updated_at"]);
const cellClass = (columnId: string, base: string) => cn(base, WIDE_ONLY.has(columnId) && "hidden md:table-cell");

export function QueueDataTable({ posts, fetchedAt, cursorId, focusToken, selected, onSelectedChange, onRowClick, pendingIds, readOnly, caption }: Props) {
  const t = useTranslations("review.queue");
  const rowSelection = useMemo<RowSelectionState>(() => Object.fromEntries(selected.map((id) => [String(id), true as const])), [selected]);
  const meta = useMemo<QueueTableMeta>(() => ({ fetchedAt }), [fetchedAt]);
  const columns = useMemo(() => (readOnly ? queueColumns.filter((c) => c.id !== "select") : queueColumns), [readOnly]);

  const table = useTable({
    features: queueFeatures,
    columns,
    data: posts,
    getRowId,
    meta,
    state: { rowSelection },
    onRowSelectionChange: (updater: Updater<RowSelectionState>) => {
      const next = typeof updater === "function" ? updater(rowSelection) : updater;
      onSelectedChange(Object.keys(next).filter((k) => next[k]).map(Number));
    },
    enableRowSelection: !readOnly,
  });

  const cursorRef = useRef<HTMLTableRowElement | null>(null);
  useEffect(() => {
    if (focusToken === 0 || !cursorRef.current) return;
    cursorRef.current.focus({ preventScroll: true });
    cursorRef.current.scrollIntoView({ block: "nearest" });
  }, [focusToken, cursorId]);

  return (
    <div className="overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-zinc-50 text-left text-xs uppercase tracking-wide text-zinc-700 dark:bg-zinc-900 dark:text-zinc-300">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col" className={cellClass(header.column.id, "px-2 py-2 font-semibold")}>
                  {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => {
            const post = row.original;
            const isCursor = post.task_id === cursorId;
            const pending = pendingIds.includes(post.task_id);
            return (
              <tr
                key={row.id}
                ref={isCursor ? cursorRef : undefined}
                tabIndex={-1}
                data-task-id={post.task_id}
                data-post-status={post.status}
                aria-current={isCursor ? "true" : undefined}
                onClick={(e) => {
                  // Clicks on the link or the checkbox do their own thing; elsewhere the row becomes the cursor.
                  if ((e.target as HTMLElement).closest("a, input, button")) return;
                  onRowClick(post.task_id);
                }}
                className={cn(
                  "cursor-pointer border-t border-zinc-200 align-top outline-none dark:border-zinc-800",
                  "hover:bg-zinc-50 dark:hover:bg-zinc-900",
                  row.getIsSelected() && "bg-blue-50 dark:bg-blue-950/40",
                  isCursor && "relative shadow-[inset_4px_0_0_0] shadow-blue-700 ring-2 ring-inset ring-blue-600 dark:shadow-blue-400",
                  pending && "opacity-70",
                )}
              >
                {row.getAllCells().map((cell) => (
                  <td key={cell.id} className={cellClass(cell.column.id, "px-2 py-2")}>
                    <table.FlexRender cell={cell} />
                    {cell.column.id === "status" && pending && <span className="mt-1 block text-xs text-zinc-700 dark:text-zinc-300">{t("approving")}</span>}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

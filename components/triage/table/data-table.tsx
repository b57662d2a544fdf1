"use client";

import { useTable, type RowSelectionState, type Updater } from "@tanstack/react-table";
import { useCallback, useEffect, useMemo, useRef } from "react";
import { DataTable } from "@/components/ui/data-table";
import { cn } from "@/lib/cn";
import type { TriagePost } from "../source";
import { TRIAGE_COLUMNS, TriageFetchedAt, TriagePending, triageFeatures, type TriageColumnSet, type TriageTableMeta } from "./columns";

type Props = {
  posts: readonly TriagePost[];
  /** Which list's columns (the queue's or the inbox's). */
  columns: TriageColumnSet;
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

const getRowId = (post: TriagePost) => String(post.task_id);
const READ_ONLY_COLUMNS = {
  queue: TRIAGE_COLUMNS.queue.filter((c) => c.id !== "select"),
  inbox: TRIAGE_COLUMNS.inbox.filter((c) => c.id !== "select"),
};

/** The posts of a triage list: cursor ring, selection, pending marks; rows as cards below 640 px. */
export function TriageDataTable({ posts, columns, fetchedAt, cursorId, focusToken, selected, onSelectedChange, onRowClick, pendingIds, readOnly, caption }: Props) {
  const rowSelection = useMemo<RowSelectionState>(() => Object.fromEntries(selected.map((id) => [String(id), true as const])), [selected]);
  // The card's button reaches the latest handler through a ref: the meta (and with it every row) stays the same.
  const clickRef = useRef(onRowClick);
  useEffect(() => {
    clickRef.current = onRowClick;
  }, [onRowClick]);
  const onOpen = useCallback((id: number) => clickRef.current(id), []);
  const pendingKey = pendingIds.join(",");
  // Keyed by content: a new array with the same ids must not redraw every row.
  const pending = useMemo(() => new Set(pendingKey ? pendingKey.split(",").map(Number) : []), [pendingKey]);
  const meta = useMemo<TriageTableMeta>(() => ({ onOpen }), [onOpen]);

  const table = useTable({
    features: triageFeatures,
    columns: readOnly ? READ_ONLY_COLUMNS[columns] : TRIAGE_COLUMNS[columns],
    data: posts as TriagePost[],
    getRowId,
    meta,
    state: { rowSelection },
    onRowSelectionChange: (updater: Updater<RowSelectionState>) => {
      const next = typeof updater === "function" ? updater(rowSelection) : updater;
      onSelectedChange(Object.keys(next).filter((k) => next[k]).map(Number));
    },
    enableRowSelection: !readOnly,
  });

  return (
    <TriageFetchedAt value={fetchedAt}>
      <TriagePending value={pending}>
        <DataTable
          table={table}
          caption={caption}
          headClassName="text-xs uppercase tracking-wide text-zinc-700 dark:text-zinc-300"
          cellClassName="px-2 py-2"
          // The fields (type, publication, update) hold no controls; the checkbox and the open button stay laid out.
          lazyCardFields
          focusRowId={cursorId === null ? null : String(cursorId)}
          focusToken={focusToken}
          onRowClick={(row) => onRowClick(row.original.task_id)}
          rowAttributes={(row) => {
            const id = row.original.task_id;
            const isCursor = id === cursorId;
            return {
              "data-task-id": id,
              "data-post-status": row.original.status,
              "data-campaign-id": row.original.campaign_id,
              "data-urgency": row.original.urgency,
              "aria-current": isCursor ? "true" : undefined,
              className: cn(
                "cursor-pointer outline-none hover:bg-zinc-50 dark:hover:bg-zinc-900",
                row.getIsSelected() && "bg-blue-50 dark:bg-blue-950/40",
                isCursor && "relative shadow-[inset_4px_0_0_0] shadow-blue-700 ring-2 ring-inset ring-blue-600 dark:shadow-blue-400",
                pending.has(id) && "opacity-70",
              ),
            };
          }}
        />
      </TriagePending>
    </TriageFetchedAt>
  );
}

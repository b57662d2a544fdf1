"use client";

import { useTable } from "@tanstack/react-table";
import { DataTable } from "@/components/ui/data-table";
import type { AuditPage } from "@/lib/queries/audit";
import { activityColumns, activityFeatures } from "./columns";

const getRowId = (row: AuditPage["items"][number]) => String(row.id);

export function ActivityDataTable({ items, caption }: { items: AuditPage["items"]; caption: string }) {
  const table = useTable({ features: activityFeatures, columns: activityColumns, data: items, getRowId });
  return (
    <DataTable
      table={table}
      caption={caption}
      headClassName="whitespace-nowrap text-xs uppercase tracking-wide text-zinc-700 dark:text-zinc-300"
      rowAttributes={(row) => ({ "data-audit-id": row.original.id, "data-task-id": row.original.task_id })}
    />
  );
}

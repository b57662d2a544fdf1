"use client";

import { useTable } from "@tanstack/react-table";
import type { AuditPage } from "@/lib/queries/audit";
import { activityColumns, activityFeatures } from "./columns";

export function ActivityDataTable({ items, caption }: { items: AuditPage["items"]; caption: string }) {
  const table = useTable({ features: activityFeatures, columns: activityColumns, data: items, getRowId: (row) => String(row.id) });
  return (
    <div className="overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-zinc-50 text-left text-xs uppercase tracking-wide text-zinc-700 dark:bg-zinc-900 dark:text-zinc-300">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col" className="whitespace-nowrap px-3 py-2 font-semibold">
                  <table.FlexRender header={header} />
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} data-audit-id={row.original.id} data-task-id={row.original.task_id} className="border-t border-zinc-200 align-top dark:border-zinc-800">
              {row.getAllCells().map((cell) => (
                <td key={cell.id} className="px-3 py-2">
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

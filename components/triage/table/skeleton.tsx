import { DataTableSkeleton } from "@/components/ui/data-table/skeleton";

/**
 * The table's shape while the first page loads: rows (and cards on a phone) as
 * tall as the real ones (77 px, 243 px), so nothing below moves when the posts
 * arrive; the region carries aria-busy.
 */
export function TriageTableSkeleton({ rows = 8, label }: { rows?: number; label: string }) {
  return <DataTableSkeleton rows={rows} label={label} columns={6} rowClassName="h-[77px]" cardClassName="h-[243px]" cardToolbarClassName="h-5" />;
}

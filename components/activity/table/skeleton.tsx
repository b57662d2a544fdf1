import { DataTableSkeleton } from "@/components/ui/data-table/skeleton";

/** Rows and cards as tall as the real ones (53 px, 298 px). */
export function ActivityTableSkeleton({ label }: { label: string }) {
  return <DataTableSkeleton label={label} columns={6} rowClassName="h-[53px]" cardClassName="h-[298px]" />;
}

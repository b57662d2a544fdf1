import { DataTableSkeleton } from "@/components/ui/data-table/skeleton";

/** Rows and cards as tall as the real ones (53 px; 322 px: a card has one 24 px line per column, the category's included). */
export function ActivityTableSkeleton({ label }: { label: string }) {
  return <DataTableSkeleton label={label} columns={6} rowClassName="h-[53px]" cardClassName="h-[322px]" />;
}

import { DataTableSkeleton } from "@/components/ui/data-table/skeleton";

/** Rows and cards as tall as the real ones (38 px, 199 px). */
export function CampaignTableSkeleton() {
  return <DataTableSkeleton rows={6} columns={9} rowClassName="h-[38px]" cardClassName="h-[199px]" cardToolbarClassName="h-[60px]" />;
}

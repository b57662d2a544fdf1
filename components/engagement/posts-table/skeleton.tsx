import { DataTableSkeleton } from "@/components/ui/data-table/skeleton";

/** Rows and cards as tall as the real ones (53 px, 210 px). */
export function PostsTableSkeleton() {
  return <DataTableSkeleton rows={5} columns={9} rowClassName="h-[53px]" cardClassName="h-[210px]" cardToolbarClassName="h-[60px]" />;
}

import { Skeleton } from "@/components/ui/skeleton";

/** The table's shape while the first page loads; the region carries aria-busy. */
export function QueueTableSkeleton({ rows = 8, label }: { rows?: number; label: string }) {
  return (
    <div role="status" aria-busy="true" aria-label={label} className="rounded-lg border border-zinc-200 dark:border-zinc-800">
      <div className="h-9 border-b border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900" />
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex items-center gap-4 border-b border-zinc-100 px-3 py-3 last:border-0 dark:border-zinc-800">
          <Skeleton className="h-4 w-4" />
          <Skeleton className="h-5 w-24 rounded-full" />
          <Skeleton className="h-4 w-16" />
          <Skeleton className="h-4 flex-1" />
          <Skeleton className="h-12 w-12" />
          <Skeleton className="h-4 w-24" />
        </div>
      ))}
    </div>
  );
}

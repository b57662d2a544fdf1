import { Skeleton } from "@/components/ui/skeleton";

export function ActivityTableSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-busy="true" aria-label={label} className="space-y-3 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
      {Array.from({ length: 8 }, (_, i) => (
        <div key={i} className="flex gap-4">
          <Skeleton className="h-4 w-28" />
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-4 w-16" />
          <Skeleton className="h-4 flex-1" />
        </div>
      ))}
    </div>
  );
}

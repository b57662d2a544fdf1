import { Skeleton } from "@/components/ui/skeleton";

export function PostsTableSkeleton() {
  return (
    <div role="status" aria-busy="true" className="space-y-2">
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  );
}

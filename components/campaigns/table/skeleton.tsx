import { Skeleton } from "@/components/ui/skeleton";

export function CampaignTableSkeleton() {
  return (
    <div role="status" aria-busy="true" className="space-y-2">
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} className="h-9 w-full" />
      ))}
    </div>
  );
}

import { Card, CardTitle } from "@/components/ui/card";
import { SkeletonLines } from "@/components/ui/skeleton";

/** A panel's placeholder while its data streams in from the server. */
export function PanelSkeleton({ title, lines = 3 }: { title: string; lines?: number }) {
  return (
    <Card aria-busy="true">
      <CardTitle>{title}</CardTitle>
      <SkeletonLines lines={lines} />
    </Card>
  );
}

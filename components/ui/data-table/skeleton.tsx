import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";

/**
 * A table's shape while its first data loads: a header bar and rows of the
 * height real rows will have (`rowClassName`), and card-sized blocks below
 * 640 px, so the page does not jump when the data arrives.
 */
export function DataTableSkeleton({
  rows = 8,
  label,
  rowClassName = "h-11",
  cardClassName = "h-36",
  columns = 5,
  cardToolbarClassName,
}: {
  rows?: number;
  label?: string;
  /** Height of one table row (`h-…`); match the real rows. */
  rowClassName?: string;
  /** Height of one card below 640 px. */
  cardClassName?: string;
  columns?: number;
  /** Height of the bar above the cards (select all, sort picker), when the table has one. */
  cardToolbarClassName?: string;
}) {
  return (
    <div role="status" aria-busy="true" aria-label={label}>
      <div className="hidden rounded-lg border border-zinc-200 sm:block dark:border-zinc-800">
        <div className="h-9 rounded-t-lg border-b border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900" />
        {Array.from({ length: rows }, (_, i) => (
          <div key={i} className={cn("flex items-center gap-4 border-b border-zinc-100 px-3 last:border-0 dark:border-zinc-800", rowClassName)}>
            {Array.from({ length: columns }, (_, j) => (
              <Skeleton key={j} className={cn("h-4", j === 1 ? "flex-[3]" : "flex-1")} />
            ))}
          </div>
        ))}
      </div>
      <div className="space-y-2 sm:hidden">
        {cardToolbarClassName && <div className={cardToolbarClassName} />}
        {Array.from({ length: Math.min(rows, 5) }, (_, i) => (
          <Skeleton key={i} className={cn("w-full rounded-lg", cardClassName)} />
        ))}
      </div>
    </div>
  );
}

import { cn } from "@/lib/cn";

/**
 * A scrolling box around a wide table. It is focusable and named, so keyboard
 * users can scroll it too (axe: scrollable-region-focusable).
 */
export function ScrollRegion({ label, className, children }: { label: string; className?: string; children: React.ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={cn("overflow-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600", className)}
    >
      {children}
    </div>
  );
}

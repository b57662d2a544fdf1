import { cn } from "@/lib/cn";

/** The frame of a table's "nothing here" state; the table says what and offers a way out. */
export function DataTableEmpty({ className, children }: { className?: string; children: React.ReactNode }) {
  return <div className={cn("rounded-lg border border-dashed border-zinc-300 p-6 text-center text-sm dark:border-zinc-700", className)}>{children}</div>;
}

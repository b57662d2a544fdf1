import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "@/lib/cn";

// Text colours are chosen for at least 4.5:1 contrast on their backgrounds in both themes.
export const badgeVariants = cva("inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap", {
  variants: {
    tone: {
      neutral: "bg-zinc-100 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200",
      info: "bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-200",
      success: "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200",
      warning: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
      danger: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200",
    },
  },
  defaultVariants: { tone: "neutral" },
});

export type BadgeProps = React.HTMLAttributes<HTMLSpanElement> & VariantProps<typeof badgeVariants>;

export function Badge({ className, tone, ...props }: BadgeProps) {
  return <span className={cn(badgeVariants({ tone }), className)} {...props} />;
}

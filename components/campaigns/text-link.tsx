import Link from "next/link";
import { cn } from "@/lib/cn";

/** An in-app link styled as text: underlined, AA contrast in both themes, visible focus. */
export function TextLink({ className, ...props }: React.ComponentProps<typeof Link>) {
  return (
    <Link
      className={cn(
        "rounded-sm text-blue-700 underline underline-offset-2 hover:text-blue-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:text-blue-300 dark:hover:text-blue-100",
        className,
      )}
      {...props}
    />
  );
}

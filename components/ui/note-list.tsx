import type { HTMLAttributes } from "react";
import { cn } from "@/lib/cn";

/**
 * Sentences said beside an outcome, each after a warning sign (who decided before,
 * a decision the audit log did not take): the post page, the reject dialog and toasts.
 */
export function NoteList({ notes, className, ...rest }: { notes: readonly string[] } & HTMLAttributes<HTMLUListElement>) {
  if (notes.length === 0) return null;
  return (
    <ul className={cn("space-y-1", className)} {...rest}>
      {notes.map((n) => (
        <li key={n}>
          <span aria-hidden="true">⚠ </span>
          {n}
        </li>
      ))}
    </ul>
  );
}

"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { cn } from "@/lib/cn";

/**
 * A list's filters on a phone: behind one button that says how many are set, so the first
 * posts are on the first screen. From `sm` up the filters show as ever and the
 * button is not there. A disclosure rather than a modal sheet: the list stays in view below
 * and each change applies at once, as on a desktop.
 */
export function PhoneFilters({ count, children }: { count: number; children: React.ReactNode }) {
  const t = useTranslations("review.triage.filters");
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="flex flex-col gap-3">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        data-testid="phone-filters"
        onClick={() => setOpen((o) => !o)}
        className="inline-flex h-10 items-center gap-2 self-start rounded-md border border-zinc-300 bg-white px-3 text-sm font-medium text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 sm:hidden dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
      >
        <span aria-hidden="true">{open ? "▴" : "▾"}</span>
        {t("button")}
        {count > 0 ? (
          <span className="rounded-full bg-blue-700 px-2 py-0.5 text-xs font-semibold text-white dark:bg-blue-500" data-testid="phone-filters-count">
            <span className="sr-only">{t("setCount", { count })}</span>
            <span aria-hidden="true">{count}</span>
          </span>
        ) : (
          <span className="text-xs font-normal text-zinc-600 dark:text-zinc-400">{t("none")}</span>
        )}
      </button>
      <div id={id} className={cn(open ? "block" : "hidden", "sm:block")}>
        {children}
      </div>
    </div>
  );
}

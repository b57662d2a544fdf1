"use client";

import { useTranslations } from "next-intl";
import { cn } from "@/lib/cn";
import { ALIGN_MODES, type AlignMode } from "@/lib/url-state/engagement";

/**
 * Since publication (default) or calendar time: a radio group drawn as a
 * segmented control, so arrow keys move between the two like any radio group.
 */
export function AlignSwitch({ value, onChange }: { value: AlignMode; onChange: (mode: AlignMode) => void }) {
  const t = useTranslations("planner.compare");
  return (
    <fieldset className="flex min-w-0 flex-col gap-1">
      <legend className="mb-1 text-sm font-medium">{t("alignLegend")}</legend>
      <div className="inline-flex rounded-md border border-zinc-400 dark:border-zinc-600">
        {ALIGN_MODES.map((mode, i) => (
          <label
            key={mode}
            className={cn(
              "flex h-10 cursor-pointer items-center px-3 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-blue-600",
              i > 0 && "border-l border-zinc-400 dark:border-zinc-600",
              value === mode ? "bg-blue-700 font-medium text-white dark:bg-blue-600" : "bg-white dark:bg-zinc-900",
            )}
          >
            <input type="radio" name="history-align" className="sr-only" value={mode} checked={value === mode} onChange={() => onChange(mode)} />
            {value === mode && <span aria-hidden="true" className="mr-1">✓</span>}
            {t(mode === "since" ? "alignSince" : "alignCalendar")}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

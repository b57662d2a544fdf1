"use client";

import { useTranslations } from "next-intl";
import type { CalendarKind } from "@/lib/schemas/calendar";
import { cn } from "@/lib/cn";

/**
 * A post's place on the calendar shown three ways at once: a shape, a
 * coloured edge and (in the legend, the day panel and for screen readers) a
 * word, so nothing relies on colour alone.
 */
export const KIND_ICON: Record<CalendarKind, string> = { planned: "◷", published: "✓", failed: "✕", other: "•" };

export const KIND_STYLE: Record<CalendarKind, string> = {
  planned: "border-l-blue-600 bg-blue-50 text-blue-950 dark:border-l-blue-400 dark:bg-blue-950 dark:text-blue-50",
  published: "border-l-green-700 bg-green-50 text-green-950 dark:border-l-green-400 dark:bg-green-950 dark:text-green-50",
  failed: "border-l-red-700 bg-red-50 text-red-950 dark:border-l-red-400 dark:bg-red-950 dark:text-red-50",
  other: "border-l-zinc-500 bg-zinc-100 text-zinc-900 dark:border-l-zinc-400 dark:bg-zinc-800 dark:text-zinc-50",
};

export const SLOT_STYLE = "border border-dashed border-zinc-500 text-zinc-800 dark:border-zinc-400 dark:text-zinc-200";

export function KindIcon({ kind }: { kind: CalendarKind }) {
  return <span aria-hidden="true" className="inline-block w-3 text-center font-bold">{KIND_ICON[kind]}</span>;
}

/** The legend: each kind's shape, edge and word, and what a slot looks like. */
export function CalendarLegend() {
  const t = useTranslations("planner.calendar");
  const kinds: CalendarKind[] = ["planned", "published", "failed", "other"];
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs" data-testid="calendar-legend">
      <span className="font-medium">{t("legend")}:</span>
      <ul className="flex flex-wrap gap-2">
        {kinds.map((k) => (
          <li key={k} className={cn("rounded border-l-4 px-1.5 py-0.5", KIND_STYLE[k])}>
            <KindIcon kind={k} /> {t(`kind.${k}`)}
          </li>
        ))}
        <li className={cn("rounded px-1.5 py-0.5", SLOT_STYLE)}>
          <span aria-hidden="true">◌</span> {t("slotFree")}
        </li>
      </ul>
    </div>
  );
}

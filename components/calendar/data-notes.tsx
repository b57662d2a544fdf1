"use client";

import { useTranslations, useFormatter } from "next-intl";
import { useZone } from "@/i18n/use-zone";
import { calendarDay } from "@/lib/analytics/dates";
import { describeSchedule } from "@/lib/analytics/schedule";
import type { CalendarCampaign } from "@/lib/schemas/calendar";

/**
 * What the calendar cannot vouch for, campaign by campaign: a list served
 * from the last good copy, a list that failed, a list longer than the copy,
 * schedules whose days cannot be placed, posts without a time.
 */
export function DataNotes({ campaigns }: { campaigns: CalendarCampaign[] }) {
  const t = useTranslations("planner.calendar");
  const ta = useTranslations("analytics");
  const format = useFormatter();
  // An unplaced schedule's time in the reader's zone and language's form, as the calendar's other times.
  const timeZone = useZone();
  const clock = { timeZone, day: calendarDay(new Date(), timeZone), format };
  const notes = campaigns.flatMap((c) => {
    const out: { key: string; text: string; warn: boolean }[] = [];
    if (c.error && c.fetched_at === null) out.push({ key: `${c.id}-failed`, text: t("failed", { name: c.name, message: c.error.message }), warn: true });
    else if (c.stale && c.fetched_at)
      out.push({ key: `${c.id}-stale`, text: t("stale", { name: c.name, time: format.dateTime(new Date(c.fetched_at), { dateStyle: "medium", timeStyle: "short" }) }), warn: true });
    if (!c.complete && c.fetched_at) out.push({ key: `${c.id}-incomplete`, text: t("incomplete", { name: c.name }), warn: false });
    for (const s of c.unplaced) out.push({ key: `${c.id}-s${s.id}`, text: t("unplaced", { name: c.name, schedule: describeSchedule(s, ta, clock) }), warn: false });
    if (c.undated > 0) out.push({ key: `${c.id}-undated`, text: t("undated", { name: c.name, count: c.undated }), warn: false });
    return out;
  });
  if (notes.length === 0) return null;
  const warn = notes.some((n) => n.warn);
  return (
    <section aria-labelledby="calendar-notes" className={warn ? "rounded-md bg-amber-50 p-3 text-amber-950 dark:bg-amber-950 dark:text-amber-50" : "rounded-md border border-zinc-200 p-3 dark:border-zinc-800"} data-testid="calendar-notes">
      <h2 id="calendar-notes" className="text-sm font-semibold">{t("notes")}</h2>
      <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm">
        {notes.map((n) => (
          <li key={n.key}>{n.text}</li>
        ))}
      </ul>
    </section>
  );
}

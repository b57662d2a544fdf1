"use client";

import { useTranslations, useFormatter } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { TextLink } from "@/components/campaigns/text-link";
import { dayToDate } from "@/components/campaigns/use-labels";
import { useStatusLabel } from "@/components/triage/status-badge";
import type { CalendarPost, CalendarSlot } from "@/lib/schemas/calendar";
import { cn } from "@/lib/cn";
import { agendaDays } from "./agenda-days";
import { useShortTime } from "./use-short-time";
import { KindIcon, KIND_STYLE } from "./kind-mark";

type Props = {
  days: string[];
  today: string;
  posts: Map<string, CalendarPost[]>;
  slots: Map<string, CalendarSlot[]>;
  campaignName: (id: number) => string;
};

/**
 * The phone's calendar: no seven-column grid to scroll sideways, just the
 * days that hold something, each with its posts (linked) and free slots.
 * In the current period it starts today; the days before are one tap away.
 */
export function Agenda({ days, today, posts, slots, campaignName }: Props) {
  const t = useTranslations("planner.calendar");
  const format = useFormatter();
  const status = useStatusLabel();
  const [showEarlier, setShowEarlier] = useState(false);
  const busy = days.filter((d) => (posts.get(d)?.length ?? 0) > 0 || (slots.get(d)?.length ?? 0) > 0);
  const { shown, earlier } = agendaDays(busy, days, today, showEarlier);
  const time = useShortTime();
  if (busy.length === 0) return <p className="text-sm">{t("agendaEmpty")}</p>;
  return (
    <div className="flex flex-col gap-3">
      {earlier > 0 && (
        <Button size="sm" className="h-auto min-h-8 self-start py-1 text-left" onClick={() => setShowEarlier(true)} data-testid="agenda-earlier">
          {t("agendaEarlier", { count: earlier })}
        </Button>
      )}
      {shown.length === 0 && <p className="text-sm">{t("agendaNothingAhead")}</p>}
      <ol aria-label={t("agendaLabel")} className="space-y-3" data-testid="calendar-agenda">
        {shown.map((day) => {
          const free = day >= today ? (slots.get(day) ?? []).filter((s) => !s.filled) : [];
          return (
            <li key={day} data-day={day} className="rounded-md border border-zinc-200 p-2 dark:border-zinc-800">
              <h3 className="text-sm font-semibold">
                {format.dateTime(dayToDate(day), { weekday: "long", day: "numeric", month: "long" })}
                {day === today && <span className="ml-2 rounded bg-blue-700 px-1.5 text-xs text-white dark:bg-blue-500 dark:text-zinc-950">{t("todayMark")}</span>}
              </h3>
              <ul className="mt-1 space-y-1">
                {(posts.get(day) ?? []).map((p) => (
                  <li key={p.task_id} className={cn("rounded border-l-4 px-2 py-1 text-sm", KIND_STYLE[p.kind])}>
                    <span className="font-medium tabular-nums">{time(p.at)}</span>{" "}
                    <TextLink href={`/posts/${p.task_id}`}>{t("postLink", { id: p.task_id })}</TextLink>{" "}
                    <span className="whitespace-nowrap">
                      <KindIcon kind={p.kind} /> {status(p.status)}
                    </span>
                    <span className="block break-words text-xs">{p.campaign_name}</span>
                  </li>
                ))}
              </ul>
              {free.length > 0 && (
                <p className="mt-1 text-xs break-words">
                  <span aria-hidden="true">◌ </span>
                  {t("slotFree")}: {free.map((s) => `${time(s.at)} ${campaignName(s.campaign_id)}`).join("; ")}
                </p>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

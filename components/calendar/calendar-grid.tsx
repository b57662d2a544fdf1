"use client";

import { useTranslations, useFormatter } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { dayToDate } from "@/components/campaigns/use-labels";
import { shiftDay } from "@/lib/analytics/dates";
import { weekStart } from "@/lib/analytics/calendar";
import type { CalendarPost, CalendarSlot } from "@/lib/schemas/calendar";
import { cn } from "@/lib/cn";
import { useShortTime } from "./use-short-time";
import { KindIcon, KIND_STYLE, SLOT_STYLE } from "./kind-mark";

type Props = {
  weeks: string[][];
  /** The month shown (`YYYY-MM`), or null in the week view: days outside it are set back. */
  month: string | null;
  today: string;
  posts: Map<string, CalendarPost[]>;
  slots: Map<string, CalendarSlot[]>;
  /** Week view: every item of a day; month view: a few and a count. */
  expanded: boolean;
  label: string;
  openDay: string | null;
  /** Focus this day on mount (arrow keys crossed into this period). */
  focusTarget: string | null;
  onOpen: (day: string) => void;
  /** Arrow keys went past the grid's edge: show the period holding `day`. */
  onLeave: (day: string) => void;
};

const IN_MONTH_ITEMS = 3;
const KEY_STEP: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/**
 * The days as an ARIA grid with one tab stop: arrow keys move between days
 * (past an edge, to the next period), Home/End to the week's ends, Enter or
 * Space opens the day. Each day is a button whose name says the date and how
 * many posts and slots it holds; the chips inside are a visual summary (the
 * opened day lists them with links).
 */
export function CalendarGrid({ weeks, month, today, posts, slots, expanded, label, openDay, focusTarget, onOpen, onLeave }: Props) {
  const t = useTranslations("planner.calendar");
  const format = useFormatter();
  const time = useShortTime();
  const days = weeks.flat();
  const first = days[0] ?? today;
  const last = days[days.length - 1] ?? today;
  const arrived = focusTarget !== null && days.includes(focusTarget);
  const initial = arrived ? focusTarget : openDay && days.includes(openDay) ? openDay : days.includes(today) ? today : month ? `${month}-01` : first;
  const [focusDay, setFocusDay] = useState(initial);
  const [moved, setMoved] = useState(arrived);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const active = days.includes(focusDay) ? focusDay : initial;

  useEffect(() => {
    if (moved) buttons.current.get(active)?.focus();
  }, [active, moved]);

  const onKeyDown = (e: React.KeyboardEvent) => {
    let next: string | undefined;
    if (e.key in KEY_STEP) next = shiftDay(active, KEY_STEP[e.key] as number);
    else if (e.key === "Home") next = weekStart(active);
    else if (e.key === "End") next = shiftDay(weekStart(active), 6);
    if (!next) return;
    e.preventDefault();
    setMoved(true);
    setFocusDay(next);
    if (next < first || next > last) onLeave(next);
  };

  const weekdayNames = (weeks[0] ?? []).map((d) => format.dateTime(dayToDate(d), { weekday: "short" }));

  return (
    <div role="grid" aria-label={label} aria-describedby="calendar-keys" className="w-full" onKeyDown={onKeyDown} data-testid="calendar-grid">
      <div role="row" className="grid grid-cols-7 border-b border-zinc-300 dark:border-zinc-700">
        {weekdayNames.map((name, i) => (
          <div role="columnheader" key={i} className="px-1 py-1 text-center text-xs font-semibold uppercase">
            {name}
          </div>
        ))}
      </div>
      {weeks.map((week) => (
        <div role="row" key={week[0]} className="grid grid-cols-7">
          {week.map((day) => {
            const dayPosts = posts.get(day) ?? [];
            const daySlots = slots.get(day) ?? [];
            const outside = month !== null && !day.startsWith(month);
            const shown = expanded ? dayPosts : dayPosts.slice(0, IN_MONTH_ITEMS);
            const hidden = dayPosts.length - shown.length;
            // Free slots ahead are worth planning for; past ones are history, listed in the opened day.
            const free = day >= today ? daySlots.filter((s) => !s.filled) : [];
            const date = format.dateTime(dayToDate(day), { weekday: "long", day: "numeric", month: "long" });
            return (
              <div role="gridcell" key={day} aria-selected={openDay === day} className="min-w-0 border-r border-b border-zinc-200 dark:border-zinc-800">
                <button
                  type="button"
                  ref={(el) => {
                    if (el) buttons.current.set(day, el);
                    else buttons.current.delete(day);
                  }}
                  tabIndex={day === active ? 0 : -1}
                  onClick={() => {
                    setFocusDay(day);
                    onOpen(day);
                  }}
                  onFocus={() => setFocusDay(day)}
                  data-day={day}
                  className={cn(
                    "flex w-full flex-col items-stretch gap-0.5 p-1 text-left align-top focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600",
                    expanded ? "min-h-56" : "min-h-24",
                    outside && "bg-zinc-50 dark:bg-zinc-900/60",
                    openDay === day && "ring-2 ring-blue-600 ring-inset",
                  )}
                >
                  <span className="sr-only">{t("dayLabel", { date, posts: dayPosts.length, slots: daySlots.length })}</span>
                  <span aria-hidden="true" className="flex items-center gap-1 text-xs">
                    <span className={cn("inline-flex h-6 min-w-6 items-center justify-center rounded-full px-1 font-semibold", day === today && "bg-blue-700 text-white dark:bg-blue-500 dark:text-zinc-950")}>
                      {Number(day.slice(8))}
                    </span>
                    {day === today && <span className="font-medium">{t("todayMark")}</span>}
                  </span>
                  <span aria-hidden="true" className="flex flex-col gap-0.5">
                    {shown.map((p) => (
                      // The post's title (its first line) after the time; the campaign when it has no text.
                      <span key={p.task_id} data-post-id={p.task_id} className={cn("truncate rounded border-l-4 px-1 text-[11px] leading-5", KIND_STYLE[p.kind])}>
                        <KindIcon kind={p.kind} /> {time(p.at)} {p.title || p.campaign_name}
                      </span>
                    ))}
                    {hidden > 0 && <span className="px-1 text-[11px] font-medium">{t("more", { count: hidden })}</span>}
                    {free.length > 0 && (
                      <span className={cn("truncate rounded px-1 text-[11px] leading-5", SLOT_STYLE)}>
                        ◌ {expanded ? free.map((s) => time(s.at)).join(", ") : t("freeSlots", { count: free.length })}
                      </span>
                    )}
                  </span>
                </button>
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}

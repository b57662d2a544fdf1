"use client";

import { useTranslations, useFormatter } from "next-intl";
import { useEffect, useRef } from "react";
import { TextLink } from "@/components/campaigns/text-link";
import { dayToDate } from "@/components/campaigns/use-labels";
import { useStatusLabel } from "@/components/triage/status-badge";
import { Button } from "@/components/ui/button";
import type { CalendarPost, CalendarSlot } from "@/lib/schemas/calendar";
import { cn } from "@/lib/cn";
import { useShortTime } from "./use-short-time";
import { KindIcon, KIND_STYLE, SLOT_STYLE } from "./kind-mark";

type Props = {
  day: string;
  posts: CalendarPost[];
  slots: CalendarSlot[];
  campaignName: (id: number) => string;
  /** Focus the heading when the day was opened by a person (not on a page load with `?open=`). */
  focusOnOpen: boolean;
  className?: string;
  onClose: () => void;
};

/** An opened day: its posts (status in words, time, campaign, a line of text, a link) and its schedule slots. */
export function DayPanel({ day, posts, slots, campaignName, focusOnOpen, className, onClose }: Props) {
  const t = useTranslations("planner.calendar");
  const format = useFormatter();
  const status = useStatusLabel();
  const heading = useRef<HTMLHeadingElement>(null);
  const time = useShortTime();

  useEffect(() => {
    if (focusOnOpen) heading.current?.focus();
  }, [day, focusOnOpen]);

  return (
    <section aria-labelledby="calendar-day-title" className={cn("space-y-3 rounded-lg border border-zinc-300 p-3 dark:border-zinc-700", className)} data-testid="day-panel">
      <div className="flex items-start justify-between gap-2">
        <h2 id="calendar-day-title" ref={heading} tabIndex={-1} className="rounded-sm text-lg font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600">
          {format.dateTime(dayToDate(day), { weekday: "long", day: "numeric", month: "long", year: "numeric" })}
        </h2>
        <Button size="sm" onClick={onClose}>{t("close")}</Button>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <div>
          <h3 className="mb-1 text-sm font-semibold">{t("dayPosts")}</h3>
          {posts.length === 0 ? (
            <p className="text-sm">{t("noPosts")}</p>
          ) : (
            <ul className="space-y-1" data-testid="day-posts">
              {posts.map((p) => (
                <li key={p.task_id} data-post-id={p.task_id} className={cn("rounded border-l-4 px-2 py-1 text-sm", KIND_STYLE[p.kind])}>
                  <div className="flex flex-wrap items-baseline gap-x-2">
                    <span className="font-medium tabular-nums">{time(p.at)}</span>
                    <TextLink href={`/posts/${p.task_id}`}>{t("postLink", { id: p.task_id })}</TextLink>
                    <span>
                      <KindIcon kind={p.kind} /> {status(p.status)}
                    </span>
                    <span className="min-w-0 break-words">· {p.campaign_name}</span>
                  </div>
                  {/* The title (first line) in bold, then the rest of the excerpt, so the first line is not read twice. */}
                  <p className="line-clamp-2 break-words">
                    {p.title ? (
                      <>
                        <span className="font-semibold" data-post-title>{p.title}</span> {restOf(p.excerpt, p.title)}
                      </>
                    ) : (
                      p.excerpt
                    )}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <h3 className="mb-1 text-sm font-semibold">{t("daySlots")}</h3>
          {slots.length === 0 ? (
            <p className="text-sm">{t("noSlots")}</p>
          ) : (
            <ul className="space-y-1" data-testid="day-slots">
              {slots.map((s) => (
                <li key={`${s.campaign_id}-${s.schedule_id}`} className={cn("rounded px-2 py-1 text-sm", SLOT_STYLE)}>
                  <span aria-hidden="true">{s.filled ? "◉" : "◌"}</span> <span className="font-medium tabular-nums">{time(s.at)}</span> · {campaignName(s.campaign_id)} —{" "}
                  {s.filled ? t("slotFilled") : t("slotFree")}
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}

/** The excerpt without its leading title (both are whitespace-flattened the same way on the server). */
function restOf(excerpt: string, title: string): string {
  const head = title.endsWith("…") ? title.slice(0, -1) : title;
  return excerpt.startsWith(head) ? excerpt.slice(head.length).replace(/^[\s…:;,.!?—–-]+/u, "") : excerpt;
}

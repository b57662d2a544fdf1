"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations, useFormatter } from "next-intl";
import { useMemo, useState } from "react";
import { dayToDate } from "@/components/campaigns/use-labels";
import { Button } from "@/components/ui/button";
import { ErrorState, StaleNote } from "@/components/ui/query-states";
import { Skeleton } from "@/components/ui/skeleton";
import { bucketByDay, monthOf, monthWeeks, stepView, weekDays } from "@/lib/analytics/calendar";
import { cn } from "@/lib/cn";
import { campaignsQuery } from "@/lib/queries/campaigns";
import { calendarQuery } from "@/lib/queries/compare";
import { CALENDAR_VIEWS, calendarFilters } from "@/lib/url-state/calendar";
import { Agenda } from "./agenda";
import { CalendarGrid } from "./calendar-grid";
import { DataNotes } from "./data-notes";
import { DayPanel } from "./day-panel";
import { CalendarLegend } from "./kind-mark";
import { useCalendarUrl } from "./use-calendar-url";

const control =
  "h-10 rounded-md border border-zinc-400 bg-white px-3 text-sm dark:border-zinc-600 dark:bg-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600";

const LISTED = ["ACTIVE", "FROZEN"];

/**
 * Planned and published posts by month or week, with the campaigns'
 * schedules as recurring slots; a day opens its posts. `today` is the
 * server's day in the person's time zone, so server and browser draw the same grid.
 */
export function CalendarView({ today }: { today: string }) {
  const t = useTranslations("planner.calendar");
  const format = useFormatter();
  const [url, setUrl] = useCalendarUrl();
  const [openedHere, setOpenedHere] = useState(false);
  // The day arrow keys moved to past the grid's edge: the next period's grid takes focus there.
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const anchor = url.day ?? today;
  const filters = calendarFilters(url, today);
  const query = useQuery(calendarQuery(filters));
  const campaigns = useQuery(campaignsQuery({ statuses: LISTED }));
  const data = query.data?.data;

  const weeks = useMemo(() => (url.view === "week" ? [weekDays(anchor)] : monthWeeks(anchor)), [url.view, anchor]);
  const month = url.view === "month" ? monthOf(anchor) : null;
  const posts = useMemo(() => bucketByDay(data?.posts ?? []), [data]);
  const slots = useMemo(() => bucketByDay(data?.slots ?? []), [data]);
  const names = useMemo(() => new Map((data?.campaigns ?? []).map((c) => [c.id, c.name])), [data]);
  const campaignName = (id: number) => names.get(id) ?? String(id);

  const period =
    url.view === "month"
      ? format.dateTime(dayToDate(`${month}-01`), { month: "long", year: "numeric" })
      : t("weekOf", {
          from: format.dateTime(dayToDate(weeks[0]?.[0] ?? anchor), { day: "numeric", month: "long" }),
          to: format.dateTime(dayToDate(weeks[0]?.[6] ?? anchor), { day: "numeric", month: "long", year: "numeric" }),
        });
  // A day is open only while it is on screen: another period has no answer for it.
  const openDay = url.open && url.open >= filters.from && url.open <= filters.to ? url.open : null;
  // The agenda lists the month's own days (not the grid's spill-over) or the week's.
  const agendaDays = weeks.flat().filter((d) => month === null || d.startsWith(month));

  // Buttons move the period without taking focus into the grid.
  const go = (patch: Parameters<typeof setUrl>[0]) => {
    setFocusTarget(null);
    setUrl(patch);
  };
  const open = (day: string) => {
    setOpenedHere(true);
    setUrl({ open: day });
  };

  return (
    <div className="space-y-4">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("intro")}</p>
      </header>

      <div className="flex flex-wrap items-end gap-3">
        <fieldset className="flex min-w-0 flex-col gap-1">
          <legend className="mb-1 text-sm font-medium">{t("view")}</legend>
          <div className="inline-flex rounded-md border border-zinc-400 dark:border-zinc-600">
            {CALENDAR_VIEWS.map((v, i) => (
              <label
                key={v}
                className={cn(
                  "flex h-10 cursor-pointer items-center px-3 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-blue-600",
                  i > 0 && "border-l border-zinc-400 dark:border-zinc-600",
                  url.view === v ? "bg-blue-700 font-medium text-white dark:bg-blue-600" : "bg-white dark:bg-zinc-900",
                )}
              >
                <input type="radio" name="calendar-view" className="sr-only" value={v} checked={url.view === v} onChange={() => go({ view: v })} />
                {url.view === v && <span aria-hidden="true" className="mr-1">✓</span>}
                {t(v)}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex items-center gap-1">
          <Button aria-label={t("prev", { view: url.view })} onClick={() => go({ day: stepView(url.view, anchor, -1) })}>
            <span aria-hidden="true">‹</span>
          </Button>
          <Button onClick={() => go({ day: null, open: today })}>{t("today")}</Button>
          <Button aria-label={t("next", { view: url.view })} onClick={() => go({ day: stepView(url.view, anchor, 1) })}>
            <span aria-hidden="true">›</span>
          </Button>
        </div>
        <div className="flex w-full min-w-0 flex-col gap-1 sm:w-auto">
          <label htmlFor="calendar-campaign" className="text-sm font-medium">{t("campaign")}</label>
          <select
            id="calendar-campaign"
            className={cn(control, "w-full min-w-0 sm:w-auto sm:max-w-xs")}
            value={url.campaign ?? ""}
            onChange={(e) => setUrl({ campaign: e.target.value ? Number(e.target.value) : null })}
          >
            <option value="">{t("allCampaigns")}</option>
            {(campaigns.data?.data.campaigns ?? []).map((c) => (
              <option key={c.id} value={c.id}>{`${c.name} · ${c.project_name}`}</option>
            ))}
          </select>
        </div>
      </div>

      <h2 className="text-xl font-semibold first-letter:uppercase" aria-live="polite" data-testid="calendar-period">{period}</h2>
      <CalendarLegend />
      <p id="calendar-keys" className="hidden text-xs text-zinc-600 sm:block dark:text-zinc-400">{t("keyboardHint")}</p>

      {query.isPending ? (
        <div role="status" aria-busy="true">
          <span className="sr-only">{t("loading")}</span>
          <Skeleton className="h-96 w-full" />
        </div>
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        // On a phone an opened day comes first (above the long agenda); on a wider screen, under the grid.
        <div className="flex flex-col gap-4">
          <StaleNote meta={query.data.meta} />
          {data && data.campaigns.length === 0 && <p className="text-sm">{t("empty")}</p>}
          <div className="hidden sm:block">
            <CalendarGrid
              key={`${url.view}-${weeks[0]?.[0]}`}
              weeks={weeks}
              month={month}
              today={today}
              posts={posts}
              slots={slots}
              expanded={url.view === "week"}
              label={t("gridLabel", { period })}
              openDay={openDay}
              focusTarget={focusTarget}
              onOpen={open}
              onLeave={(day) => {
                setFocusTarget(day);
                setUrl({ day });
              }}
            />
          </div>
          <div className="sm:hidden">
            <Agenda days={agendaDays} today={today} posts={posts} slots={slots} campaignName={campaignName} />
          </div>
          {openDay && (
            <DayPanel
              day={openDay}
              posts={posts.get(openDay) ?? []}
              slots={slots.get(openDay) ?? []}
              campaignName={campaignName}
              focusOnOpen={openedHere}
              className="order-first sm:order-none"
              onClose={() => setUrl({ open: null })}
            />
          )}
          {data && <DataNotes campaigns={data.campaigns} />}
        </div>
      )}
    </div>
  );
}

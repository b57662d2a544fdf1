import type { Metadata } from "next";
import { getTimeZone, getTranslations } from "next-intl/server";
import type { SearchParams } from "nuqs/server";
import { CalendarView } from "@/components/calendar/calendar-view";
import { PrefetchFirst } from "@/lib/server/render/prefetch";
import { calendarDay } from "@/lib/analytics/dates";
import { campaignsQuery } from "@/lib/queries/campaigns";
import { calendarQuery } from "@/lib/queries/compare";
import { CalendarQuery } from "@/lib/schemas/calendar";
import { calendarAnswer } from "@/lib/server/calendar";
import { service } from "@/lib/server/upstream-service";
import { calendarFilters, parseCalendarUrl } from "@/lib/url-state/calendar";
import { CalendarSkeleton } from "@/components/calendar/calendar-skeleton";
import { withPageMessages } from "@/components/shell/page-messages";

type Props = { searchParams: Promise<SearchParams> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("planner.calendar");
  return { title: t("title") };
}

const LISTED = ["ACTIVE", "FROZEN"];

/**
 * /calendar: the first load draws the month (or week) from the server's
 * join of cached lists, under the very key the client asks with; `today` is
 * the server's day in the person's time zone, handed down so both sides draw the same grid.
 */
async function CalendarPage({ searchParams }: Props) {
  const state = parseCalendarUrl(await searchParams);
  const timeZone = await getTimeZone();
  const today = calendarDay(new Date(), timeZone);
  const filters = calendarFilters(state, today);
  const q = CalendarQuery.parse({ from: filters.from, to: filters.to, ...(filters.campaignId ? { campaign_id: String(filters.campaignId) } : {}) });
  return (
    <PrefetchFirst
      fallback={<CalendarSkeleton />}
      entries={[
        { queryKey: calendarQuery(filters).queryKey, queryFn: () => calendarAnswer(service, q, "interactive", timeZone) },
        { queryKey: campaignsQuery({ statuses: LISTED }).queryKey, queryFn: () => service.campaigns({ status: ["ACTIVE", "FROZEN"] }, "interactive") },
      ]}
    >
      <CalendarView today={today} />
    </PrefetchFirst>
  );
}

export default withPageMessages(["analytics", "planner.calendar", "review.status"], CalendarPage);

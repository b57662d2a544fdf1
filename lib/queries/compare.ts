import { queryOptions } from "@tanstack/react-query";
import { ALL_CAMPAIGN_STATUSES, campaignsQuery } from "./campaigns";
import { apiRead } from "./fetch-json";

/**
 * The planner's query factories: the comparison's campaign picker and the
 * calendar. Server prefetch and client hooks share them, so keys never drift.
 */

/** Every campaign, any status (a completed one still has published posts to compare): the same entry as the projects pages'. */
export const compareCampaignsQuery = () => campaignsQuery({ statuses: ALL_CAMPAIGN_STATUSES });

export type CalendarFilters = { from: string; to: string; campaignId: number | null };

export const calendarKey = (f: CalendarFilters) => ["calendar", f.from, f.to, f.campaignId] as const;

/**
 * The calendar between two Moscow days. The server joins it from cached lists;
 * a minute here keeps paging back and forth between months free.
 * Checked in the browser against lib/schemas/calendar.ts (`apiRead`).
 */
export const calendarQuery = (f: CalendarFilters) =>
  queryOptions({
    queryKey: calendarKey(f),
    queryFn: ({ signal }) =>
      apiRead("calendar", "/api/calendar", { query: { from: f.from, to: f.to, campaign_id: f.campaignId ?? undefined }, signal }),
    staleTime: 60_000,
  });

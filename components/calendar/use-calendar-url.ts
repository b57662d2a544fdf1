"use client";

import { useQueryStates } from "nuqs";
import { calendarParsers, type CalendarUrlState } from "@/lib/url-state/calendar";
import { URL_STATE_OPTIONS } from "@/lib/url-state/parsers";

/** The calendar's view, day, campaign and open day from the URL (the server page's parsers), written in place. */
export function useCalendarUrl(): [CalendarUrlState, (patch: Partial<CalendarUrlState>) => void] {
  const [state, setState] = useQueryStates(calendarParsers, URL_STATE_OPTIONS);
  return [state, (patch) => void setState(patch)];
}

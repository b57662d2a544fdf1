import { createLoader, parseAsStringLiteral, type inferParserType } from "nuqs/server";
import { viewRange, type CalendarView } from "@/lib/analytics/calendar";
import { parseAsDay, parseAsId } from "./parsers";

/**
 * The calendar's URL state, defined once for the server page and the client:
 * `?view=week&day=2026-11-26&campaign=5&open=2026-11-27`.
 * `day` is any day of the month or week shown (none: today in the person's time zone);
 * `open` is the day whose posts are listed. Anything invalid falls back to
 * its default, field by field.
 */
export const CALENDAR_VIEWS = ["month", "week"] as const satisfies readonly CalendarView[];

export const calendarParsers = {
  view: parseAsStringLiteral(CALENDAR_VIEWS).withDefault("month"),
  day: parseAsDay,
  campaign: parseAsId,
  open: parseAsDay,
};

export type CalendarUrlState = inferParserType<typeof calendarParsers>;

export const parseCalendarUrl = createLoader(calendarParsers);

/** The calendar route's filters for a state, with `today` (a day of the person's time zone) standing in for a missing `day`. */
export function calendarFilters(state: CalendarUrlState, today: string): { from: string; to: string; campaignId: number | null } {
  return { ...viewRange(state.view, state.day ?? today), campaignId: state.campaign };
}

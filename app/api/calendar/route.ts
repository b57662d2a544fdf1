// GET /api/calendar – planned and published posts of active and frozen campaigns between two days of the person's time zone, with schedule slots
import { timeZoneOf } from "@/lib/server/profile/request-zone";
import { CalendarQuery } from "@/lib/schemas/calendar";
import { calendarAnswer } from "@/lib/server/calendar";
import { dataJson, parseQuery, withSession } from "@/lib/server/route";
import { service } from "@/lib/server/upstream-service";

export const GET = withSession(async ({ query, priority, session }) =>
  dataJson(await calendarAnswer(service, parseQuery(CalendarQuery, query), priority, await timeZoneOf(session.email))),
);

// GET /api/calendar – planned and published posts of active and frozen campaigns between two Moscow days, with schedule slots
import { CalendarQuery } from "@/lib/schemas/calendar";
import { calendarAnswer } from "@/lib/server/calendar";
import { dataJson, parseQuery, withSession } from "@/lib/server/route";
import { service } from "@/lib/server/upstream-service";

export const GET = withSession(async ({ query, priority }) => dataJson(await calendarAnswer(service, parseQuery(CalendarQuery, query), priority)));

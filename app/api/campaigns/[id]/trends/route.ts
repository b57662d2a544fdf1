// GET /api/campaigns/[id]/trends – the campaign's daily totals per metric over a range, from the local time series
import { timeZoneOf } from "@/lib/server/profile/request-zone";
import { calendarDay } from "@/lib/analytics/dates";
import { TrendsQuery } from "@/lib/schemas/trends";
import { readDeps } from "@/lib/server/collector/deps";
import { campaignTrends } from "@/lib/server/collector/read";
import { dataJson, parseId, parseQuery, withSession } from "@/lib/server/route";

export const GET = withSession(async ({ params, query, priority, session }) => {
  const id = parseId(params.id);
  const q = parseQuery(TrendsQuery, query);
  // Days are the person's days (or the team's).
  const timeZone = await timeZoneOf(session.email);
  return dataJson(await campaignTrends(await readDeps(), id, q.from, q.to ?? calendarDay(new Date(), timeZone), priority, timeZone));
});

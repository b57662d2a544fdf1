// GET /api/campaigns/[id]/engagement/posts – every published post of the period with its newest values from the time series, and which have none yet
import { timeZoneOf } from "@/lib/server/profile/request-zone";
import { TrendPostsQuery } from "@/lib/schemas/trends";
import { readDeps } from "@/lib/server/collector/deps";
import { campaignTrendPosts } from "@/lib/server/collector/read";
import { dataJson, parseId, parseQuery, withSession } from "@/lib/server/route";

export const GET = withSession(async ({ params, query, priority, session }) => {
  const id = parseId(params.id);
  const q = parseQuery(TrendPostsQuery, query);
  return dataJson(await campaignTrendPosts(await readDeps(), id, q.from, priority, await timeZoneOf(session.email)));
});

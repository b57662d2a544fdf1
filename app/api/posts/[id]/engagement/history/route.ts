// GET /api/posts/[id]/engagement/history – datapoints of one metric, newest first, from the local time series once it holds the post's history
import { EngagementHistoryQuery } from "@/lib/schemas";
import { readDeps } from "@/lib/server/collector/deps";
import { postEngagementHistory } from "@/lib/server/collector/post-reads";
import { dataJson, parseId, parseQuery, withSession } from "@/lib/server/route";

export const GET = withSession(async ({ params, query, priority }) => {
  // The id is checked before the query, so a bad id is named first.
  const id = parseId(params.id);
  return dataJson(await postEngagementHistory(await readDeps(), id, parseQuery(EngagementHistoryQuery, query), priority));
});

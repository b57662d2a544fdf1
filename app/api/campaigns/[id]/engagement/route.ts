// GET /api/campaigns/[id]/engagement – the campaign's aggregated engagement, summed from the local time series (the upstream only for posts it lacks)
import { CampaignEngagementQuery } from "@/lib/schemas";
import { readDeps } from "@/lib/server/collector/deps";
import { campaignTotals } from "@/lib/server/collector/totals";
import { dataJson, parseId, parseQuery, withSession } from "@/lib/server/route";

export const GET = withSession(async ({ params, query, priority }) => {
  // The id is checked before the query, so a bad id is named first.
  const id = parseId(params.id);
  const q = parseQuery(CampaignEngagementQuery, query);
  return dataJson(await campaignTotals(await readDeps(), id, q.since, priority));
});

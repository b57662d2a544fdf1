// GET /api/campaigns/[id]/posts – the campaign's posts, filtered
import { PostListQuery } from "@/lib/schemas";
import { campaignPostsInState, VerdictFilterQuery } from "@/lib/server/collab/row-filter";
import { noteCampaignViewed } from "@/lib/server/inbox";
import { dataJson, parseId, parseQuery, withSession } from "@/lib/server/route";
import { service } from "@/lib/server/upstream-service";

export const GET = withSession(async ({ params, query, priority }) => {
  // The id is checked before the query, so a bad id is named first.
  const id = parseId(params.id);
  // Someone has this campaign's queue open: the inbox refreshes it sooner.
  noteCampaignViewed(id);
  const q = parseQuery(PostListQuery, query);
  // "signed off" / "changes requested" (reviewer verdicts, from the dashboard's own database).
  const { verdict } = parseQuery(VerdictFilterQuery, query);
  if (verdict) return dataJson(await campaignPostsInState(id, q, verdict, priority));
  return dataJson(await service.campaignPosts(id, q, priority));
});

// GET /api/campaigns/[id]/posts – the campaign's posts, filtered
import { PostListQuery } from "@/lib/schemas";
import { noteCampaignViewed } from "@/lib/server/inbox";
import { dataJson, parseId, parseQuery, withSession } from "@/lib/server/route";
import { service } from "@/lib/server/upstream-service";

export const GET = withSession(async ({ params, query, priority }) => {
  // The id is checked before the query, so a bad id is named first.
  const id = parseId(params.id);
  // Someone has this campaign's queue open: the inbox refreshes it sooner.
  noteCampaignViewed(id);
  return dataJson(await service.campaignPosts(id, parseQuery(PostListQuery, query), priority));
});

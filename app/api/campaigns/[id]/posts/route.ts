// GET /api/campaigns/[id]/posts – the campaign's posts, filtered; `view=brief` without texts and media
import { campaignPostsChecked, ChecksFilterQuery } from "@/lib/server/checks/list-filter";
import { PostBriefList, PostListQuery, PostListView } from "@/lib/schemas";
import { campaignPostsInState, VerdictFilterQuery } from "@/lib/server/collab/row-filter";
import { dataJson, parseId, parseQuery, withSession } from "@/lib/server/route";
import { service } from "@/lib/server/upstream-service";

/** Someone has this campaign's page open: its mirror is brought up to date first when older than this. */
const PAGE_NEED_MS = 15_000;

export const GET = withSession(async ({ params, query, priority }) => {
  // The id is checked before the query, so a bad id is named first.
  const id = parseId(params.id);
  const q = parseQuery(PostListQuery, query);
  // "signed off" / "changes requested" (reviewer verdicts, from the dashboard's own database).
  const { verdict } = parseQuery(VerdictFilterQuery, query);
  const { view } = parseQuery(PostListView, query);
  // "clean" / "warnings" / "blocked" (the checks' verdict), filtered before paging so the total is right.
  const { checks } = parseQuery(ChecksFilterQuery, query);
  const answer = checks
    ? await campaignPostsChecked(id, q, checks, priority, { verdict, need: { maxAgeMs: PAGE_NEED_MS } })
    : verdict
      ? await campaignPostsInState(id, q, verdict, priority)
      : await service.campaignPosts(id, q, priority, { maxAgeMs: PAGE_NEED_MS });
  return dataJson(view === "brief" ? { ...answer, data: PostBriefList.parse(answer.data) } : answer);
});

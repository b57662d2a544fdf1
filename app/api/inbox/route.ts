// GET /api/inbox – every post waiting for approval in every active or frozen campaign, soonest planned first, with urgency
import { ChecksFilterQuery, inboxWithChecks } from "@/lib/checks/server/list-filter";
import { InboxQuery } from "@/lib/schemas";
import { taskIdsInState, VerdictFilterQuery } from "@/lib/server/collab/row-filter";
import { inboxAnswer, inboxConfigFromEnv, inboxScheduler } from "@/lib/server/inbox";
import { dataJson, parseQuery, withSession } from "@/lib/server/route";

export const GET = withSession(async ({ query, priority }) => {
  const q = parseQuery(InboxQuery, query);
  // "signed off" / "changes requested": which posts, from the dashboard's own database.
  const { verdict } = parseQuery(VerdictFilterQuery, query);
  // "clean" / "warnings" / "blocked" (the checks' verdict), applied before paging so the total is right.
  const { checks } = parseQuery(ChecksFilterQuery, query);
  const byVerdict = verdict ? await taskIdsInState(verdict) : undefined;
  // Answered from the scheduler's copy: a request costs the upstream nothing once the refresh runs.
  const snapshot = await inboxScheduler().use({ campaignIds: q.campaign_id, projectId: q.project_id, priority });
  const only = checks ? await inboxWithChecks(snapshot, q, checks, byVerdict) : byVerdict;
  return dataJson(inboxAnswer(snapshot, q, snapshot.now, inboxConfigFromEnv().dueSoonMs, only));
});

// GET /api/inbox – every post waiting for approval in every active or frozen campaign, soonest planned first, with urgency
import { ChecksFilterQuery, inboxWithChecks } from "@/lib/server/checks/list-filter";
import { InboxQuery } from "@/lib/schemas";
import * as z from "zod";
import { needingVerdictOf } from "@/lib/server/collab/needs-verdict";
import { taskIdsInState, VERDICT_FILTERS } from "@/lib/server/collab/row-filter";
import { inboxAnswer, inboxConfigFromEnv, inboxScheduler } from "@/lib/server/inbox";
import { timeZoneOf } from "@/lib/server/profile/request-zone";
import { dataJson, parseQuery, withSession } from "@/lib/server/route";

/** The lists' verdict filter, and the inbox's own "needs my verdict". */
const InboxVerdictQuery = z.object({ verdict: z.enum([...VERDICT_FILTERS, "mine"]).optional() });

export const GET = withSession(async ({ query, priority, session }) => {
  const q = parseQuery(InboxQuery, query);
  // "signed off" / "changes requested": which posts, from the dashboard's own database.
  // "mine": the posts still needing the signed-in person's verdict (a reviewer's landing).
  const { verdict } = parseQuery(InboxVerdictQuery, query);
  // "clean" / "warnings" / "blocked" (the checks' verdict), applied before paging so the total is right.
  const { checks } = parseQuery(ChecksFilterQuery, query);
  // Answered from the scheduler's copy: a request costs the upstream nothing once the refresh runs.
  const snapshot = await inboxScheduler().use({ campaignIds: q.campaign_id, projectId: q.project_id, priority });
  const byVerdict =
    verdict === "mine"
      ? await needingVerdictOf(session.email, snapshot.campaigns.flatMap((e) => e.posts.map((p) => p.task_id)))
      : verdict
        ? await taskIdsInState(verdict)
        : undefined;
  const only = checks ? await inboxWithChecks(snapshot, q, checks, byVerdict) : byVerdict;
  // "Today" is the reader's day: their own zone (profile), else the team's.
  return dataJson(inboxAnswer(snapshot, q, snapshot.now, inboxConfigFromEnv().dueSoonMs, only, await timeZoneOf(session.email)));
});

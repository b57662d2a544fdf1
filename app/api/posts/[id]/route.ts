// GET /api/posts/[id] – one post with versions, publish records and engagement
import { dataJson, parseId, withSession } from "@/lib/server/route";
import { service } from "@/lib/server/upstream-service";

export const GET = withSession(async ({ params, priority }) => {
  const id = parseId(params.id);
  // No list read here: the triage desk previews every row the cursor passes through this route, and
  // freshening each spent the team's minute. A page load freshens (app/(app)/posts/[id]/page.tsx); open
  // pages hear of changes from the scheduler's refresh of watched campaigns.
  return dataJson(await service.post(id, priority));
});

// POST /api/s/[token]/posts/[id]/decide – a share-link visitor approves (pinned to the version shown) or rejects with a reason; audited as external:<name>
import { errorResponse } from "@/lib/server/errors";
import { VisitorDecisionBody } from "@/lib/schemas/share";
import { json, parseId, parseJsonBody, sameOrigin } from "@/lib/server/route";
import { openLink } from "@/lib/server/share/access";
import { decideAsVisitor } from "@/lib/server/share/actions";
import { WRITE_COST } from "@/lib/server/share/rate-limit";
import { shareRoute } from "@/lib/server/share/route";

export const POST = shareRoute(
  sameOrigin(async ({ req, token, params, state }) => {
    const link = await openLink(token);
    state.user = `share:${link.id}`;
    const taskId = parseId(params.id);
    const body = await parseJsonBody(req, VisitorDecisionBody);
    const { outcome, body: answer } = await decideAsVisitor(link, taskId, body);
    return outcome.ok ? json(answer) : errorResponse(outcome.error, {}, answer);
  }),
  WRITE_COST,
);

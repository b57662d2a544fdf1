// POST /api/s/[token]/posts/[id]/comments – a share-link visitor comments on a post the link covers; audited as external:<name>
import { VisitorCommentBody } from "@/lib/schemas/share";
import { json, parseId, parseJsonBody, sameOrigin } from "@/lib/server/route";
import { openLink } from "@/lib/server/share/access";
import { commentAsVisitor } from "@/lib/server/share/actions";
import { WRITE_COST } from "@/lib/server/share/rate-limit";
import { shareRoute } from "@/lib/server/share/route";

export const POST = shareRoute(
  sameOrigin(async ({ req, token, params, state }) => {
    const link = await openLink(token);
    state.user = `share:${link.id}`;
    const taskId = parseId(params.id);
    const body = await parseJsonBody(req, VisitorCommentBody);
    return json({ data: await commentAsVisitor(link, taskId, body) }, { status: 201 });
  }),
  WRITE_COST,
);

// GET /api/posts/[id]/verdicts – the verdicts on the active version, the earlier (voided) ones, and whether the post is signed off (any role)
import { postVerdicts } from "@/lib/server/collab/verdicts";
import { json, parseId, withSession } from "@/lib/server/route";

export const GET = withSession(async ({ params, priority }) => json({ data: await postVerdicts(parseId(params.id), priority) }));

// GET /api/posts/[id] – one post with versions, publish records and engagement
import { dataJson, parseId, withSession } from "@/lib/server/route";
import { service } from "@/lib/server/upstream-service";

export const GET = withSession(async ({ params, priority }) => dataJson(await service.post(parseId(params.id), priority)));

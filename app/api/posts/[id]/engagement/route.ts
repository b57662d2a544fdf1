// GET /api/posts/[id]/engagement – the post's current engagement per metric and platform
import { dataJson, parseId, withSession } from "@/lib/server/route";
import { service } from "@/lib/server/upstream-service";

export const GET = withSession(async ({ params, priority }) => dataJson(await service.postEngagement(parseId(params.id), priority)));

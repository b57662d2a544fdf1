// GET /api/campaigns/[id]/posts/latest – the campaign's latest published post
import { dataJson, parseId, withSession } from "@/lib/server/route";
import { service } from "@/lib/server/upstream-service";

export const GET = withSession(async ({ params, priority }) => dataJson(await service.latestPost(parseId(params.id), priority)));

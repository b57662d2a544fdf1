// GET /api/projects/[id]/channels – the project's connected channels (no secrets)
import { dataJson, parseId, withSession } from "@/lib/server/route";
import { service } from "@/lib/server/upstream-service";

export const GET = withSession(async ({ params, priority }) => dataJson(await service.projectChannels(parseId(params.id), priority)));

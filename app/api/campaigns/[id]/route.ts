// GET /api/campaigns/[id] – one campaign with channels, schedules and stats
import { dataJson, parseId, withSession } from "@/lib/server/route";
import { service } from "@/lib/server/upstream-service";

export const GET = withSession(async ({ params, priority }) => dataJson(await service.campaign(parseId(params.id), priority)));

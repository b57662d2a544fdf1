// GET /api/campaigns/[id]/schedules – the campaign's publishing schedules
import { dataJson, parseId, withSession } from "@/lib/server/route";
import { service } from "@/lib/server/upstream-service";

export const GET = withSession(async ({ params, priority }) => dataJson(await service.campaignSchedules(parseId(params.id), priority)));

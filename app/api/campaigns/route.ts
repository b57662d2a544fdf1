// GET /api/campaigns – campaigns, filtered by project and status
import { CampaignListQuery } from "@/lib/schemas";
import { dataJson, parseQuery, withSession } from "@/lib/server/route";
import { service } from "@/lib/server/upstream-service";

export const GET = withSession(async ({ query, priority }) => dataJson(await service.campaigns(parseQuery(CampaignListQuery, query), priority)));

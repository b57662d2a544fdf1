// GET /api/account – the account's plan, subscription, quotas and limits
import { dataJson, withSession } from "@/lib/server/route";
import { service } from "@/lib/server/upstream-service";

export const GET = withSession(async ({ priority }) => dataJson(await service.account(priority)));

// GET /api/projects – the active projects
import { dataJson, withSession } from "@/lib/server/route";
import { service } from "@/lib/server/upstream-service";

export const GET = withSession(async ({ priority }) => dataJson(await service.projects(priority)));

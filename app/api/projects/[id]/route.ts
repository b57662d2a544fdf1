// GET /api/projects/[id] – one project with niche and audience
import { dataJson, parseId, withSession } from "@/lib/server/route";
import { service } from "@/lib/server/upstream-service";

export const GET = withSession(async ({ params, priority }) => dataJson(await service.project(parseId(params.id), priority)));

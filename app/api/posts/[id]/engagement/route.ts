// GET /api/posts/[id]/engagement – the post's current engagement per metric and platform: the one snapshot the post page and its engagement page share
import { readDeps } from "@/lib/server/collector/deps";
import { postEngagementSnapshot } from "@/lib/server/collector/post-reads";
import { dataJson, parseId, withSession } from "@/lib/server/route";

export const GET = withSession(async ({ params, priority }) => dataJson(await postEngagementSnapshot(await readDeps(), parseId(params.id), priority)));

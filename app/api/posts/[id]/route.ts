// GET /api/posts/[id] – one post with versions, publish records and engagement
import { dataJson, parseId, withSession } from "@/lib/server/route";
import { API_FRESH_MS, freshenPostPage } from "@/lib/server/scheduler/freshen";
import { service } from "@/lib/server/upstream-service";

export const GET = withSession(async ({ params, priority }) => {
  const id = parseId(params.id);
  // Opened from a list or previewed: its campaign's mirror first, when older than a queue accepts.
  if (priority === "interactive") await freshenPostPage(service, id, API_FRESH_MS);
  return dataJson(await service.post(id, priority));
});

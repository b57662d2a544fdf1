// GET /api/posts/[id] – one post with versions, publish records and engagement
import { dataJson, parseId, withSession } from "@/lib/server/route";
import { freshenPostPage } from "@/lib/server/scheduler/freshen";
import { service } from "@/lib/server/upstream-service";

export const GET = withSession(async ({ params, priority }) => {
  const id = parseId(params.id);
  // Opened or reloaded: its campaign's mirror first, so a change made upstream seconds ago is shown.
  if (priority === "interactive") await freshenPostPage(service, id);
  return dataJson(await service.post(id, priority));
});

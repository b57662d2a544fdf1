// GET/POST/DELETE /api/presence – who else has a post open (by post, page of rows or campaign); heartbeats and goodbyes of the person's own view
import * as z from "zod";
import { PresenceBody } from "@/lib/schemas/collab";
import { heartbeat, leave, viewers } from "@/lib/server/collab/presence";
import { ApiError, text } from "@/lib/server/errors";
import { json, parseJsonBody, parseQuery, sameOrigin, withSession } from "@/lib/server/route";

const idText = z.string().regex(/^[1-9]\d{0,14}$/).transform(Number);
const Query = z.object({
  task_id: idText.optional(),
  campaign_id: idText.optional(),
  /** Comma-separated, at most 200 (a page of queue rows). */
  task_ids: z
    .string()
    .regex(/^[1-9]\d{0,14}(,[1-9]\d{0,14}){0,199}$/)
    .transform((s) => s.split(",").map(Number))
    .optional(),
});

export const GET = withSession(async ({ query, session }) => {
  const q = parseQuery(Query, query);
  if (q.task_id === undefined && q.campaign_id === undefined && q.task_ids === undefined) {
    throw new ApiError("validation_error", text("validation.presenceTarget"));
  }
  const tasks = q.task_id !== undefined ? [q.task_id, ...(q.task_ids ?? [])] : q.task_ids;
  return json({ data: await viewers({ task_ids: tasks, campaign_id: q.campaign_id }, session.email) });
});

export const POST = withSession(
  sameOrigin(async ({ req, session }) => {
    const body = await parseJsonBody(req, PresenceBody);
    await heartbeat(body.task_id, body.campaign_id ?? null, session);
    return json({ ok: true });
  }),
);

export const DELETE = withSession(
  sameOrigin(async ({ query, session }) => {
    const { task_id } = parseQuery(z.object({ task_id: idText }), query);
    await leave(task_id, session);
    return json({ ok: true });
  }),
);

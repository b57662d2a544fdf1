// GET /api/posts/[id]/checks – the checks' report of a post version (the active one unless ?version=N): { version, findings }
import * as z from "zod";
import { postReport } from "@/lib/server/checks/row-marks";
import { json, parseId, parseQuery, withSession } from "@/lib/server/route";

const Query = z.object({ version: z.coerce.number().int().min(1).max(1_000_000).optional() });

export const GET = withSession(async ({ params, query, priority }) => {
  const id = parseId(params.id);
  const { version } = parseQuery(Query, query);
  return json(await postReport(id, version, priority));
});

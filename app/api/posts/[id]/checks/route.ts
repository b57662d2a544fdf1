// GET /api/posts/[id]/checks – the checks' report of a post version (the active one unless ?version=N): { version, findings }
import * as z from "zod";
import { reportFor } from "@/lib/checks/server";
import { json, parseId, parseQuery, withSession } from "@/lib/server/route";

const Query = z.object({ version: z.coerce.number().int().min(1).max(1_000_000).optional() });

export const GET = withSession(async ({ params, query, priority }) => {
  const id = parseId(params.id);
  const { version } = parseQuery(Query, query);
  const r = await reportFor(id, version, priority);
  return json({ version: r.version, findings: r.findings, verdict: r.verdict, counts: { warn: r.warn, block: r.block }, checked_at: r.checked_at });
});

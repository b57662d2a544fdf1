// GET /api/checks/rows?ids=1,2,3 – the checks' verdict of each listed post (clean / warnings / blocked, counts), from texts already held
import * as z from "zod";
import { reportOf } from "@/lib/checks/server";
import { seenPosts } from "@/lib/checks/server/corpus";
import { json, parseQuery, withSession } from "@/lib/server/route";

const Query = z.object({
  ids: z
    .string()
    .regex(/^\d+(,\d+){0,199}$/, "up to 200 ids, comma-separated")
    .transform((s) => [...new Set(s.split(",").map(Number))]),
});

export const GET = withSession(async ({ query }) => {
  const { ids } = parseQuery(Query, query);
  const seen = await seenPosts(ids);
  const rows: Record<string, { verdict: string; warn: number; block: number; version: number | null }> = {};
  for (const id of ids) {
    const p = seen.get(id);
    // A post the dashboard holds no text of gets no mark (never an upstream read for a mark).
    if (!p) continue;
    const r = await reportOf(p);
    rows[String(id)] = { verdict: r.verdict, warn: r.warn, block: r.block, version: r.version };
  }
  return json({ data: rows });
});

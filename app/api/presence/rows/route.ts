// GET /api/presence/rows?task_ids= – for a page of queue or inbox rows: who has each post open, and its verdict summary (database only, no upstream call)
import * as z from "zod";
import { rowFacts } from "@/lib/server/collab/row-facts";
import { json, parseQuery, withSession } from "@/lib/server/route";

const Query = z.object({
  /** Comma-separated, at most 200 (the largest page is 100). */
  task_ids: z
    .string()
    .regex(/^[1-9]\d{0,14}(,[1-9]\d{0,14}){0,199}$/)
    .transform((s) => s.split(",").map(Number)),
});

export const GET = withSession(async ({ query, session }) => {
  const { task_ids } = parseQuery(Query, query);
  return json({ data: await rowFacts(task_ids, session.email) });
});

// GET /api/checks/rows?ids=1,2,3 – the checks' verdict of each listed post (clean / warnings / blocked, counts), from texts already held
import * as z from "zod";
import { rowMarks } from "@/lib/server/checks/row-marks";
import { json, parseQuery, withSession } from "@/lib/server/route";

const Query = z.object({
  ids: z
    .string()
    .regex(/^\d+(,\d+){0,199}$/, "up to 200 ids, comma-separated")
    .transform((s) => [...new Set(s.split(",").map(Number))]),
});

export const GET = withSession(async ({ query }) => {
  const { ids } = parseQuery(Query, query);
  return json({ data: await rowMarks(ids) });
});

// GET /api/users?q= – dashboard users for @mention suggestions: names, emails and roles only (signed-in people)
import * as z from "zod";
import { suggestUsers } from "@/lib/server/collab/users";
import { json, parseQuery, withSession } from "@/lib/server/route";

const Query = z.object({ q: z.string().max(100).default(""), limit: z.string().regex(/^\d{1,2}$/).transform(Number).pipe(z.number().int().min(1).max(20)).default(8) });

export const GET = withSession(async ({ query }) => {
  const q = parseQuery(Query, query);
  return json({ items: await suggestUsers(q.q, q.limit) });
});

// GET /api/posts/[id]/decisions – every approve/reject attempt on the post, newest first (any role)
import { decisionsForPost } from "@/lib/server/audit";
import { json, parseId, withSession } from "@/lib/server/route";

export const GET = withSession(async ({ params }) => json({ items: await decisionsForPost(parseId(params.id)) }));

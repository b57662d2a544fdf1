// POST /api/posts/[id]/approve – approve a post (editor, admin); optional { note, source }; audited
import { decisionRoute } from "@/lib/server/route";

export const POST = decisionRoute("approve");

// POST /api/posts/[id]/reject – reject a post (editor, admin); { reason } required, optional source; audited
import { decisionRoute } from "@/lib/server/route";

export const POST = decisionRoute("reject");

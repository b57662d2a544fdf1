// POST /api/posts/[id]/reject – reject a post (editor, admin); { reason } required, optional category (REJECT_CATEGORIES), source, version; 409 version_changed when the version seen is no longer active; audited
import { decisionRoute } from "@/lib/server/route";

export const POST = decisionRoute("reject");

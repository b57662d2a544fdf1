// POST /api/posts/[id]/approve – approve a post (editor, admin); optional { note, source, version, confirmed, override: { reason } (admin) }; 409 version_changed, signoff_required (policy steps), check_blocked or confirmation_required (over a platform's limit, not confirmed); audited
import { decisionRoute } from "@/lib/server/route";

export const POST = decisionRoute("approve");

// POST /api/posts/[id]/approve – approve a post (editor, admin); optional { note, source, version, override: { reason } (admin) }; 409 version_changed, signoff_required (policy steps) or check_blocked; audited
import { decisionRoute } from "@/lib/server/route";

export const POST = decisionRoute("approve");

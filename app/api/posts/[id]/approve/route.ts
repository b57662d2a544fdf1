// POST /api/posts/[id]/approve – approve a post (editor, admin); optional { note, source, version }; 409 version_changed when the version seen is no longer active; audited
import { decisionRoute } from "@/lib/server/route";

export const POST = decisionRoute("approve");

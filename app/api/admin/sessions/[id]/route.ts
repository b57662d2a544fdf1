// DELETE /api/admin/sessions/[id] – end one session (admin); its cookie is refused from the next request
import { revokeSessions, sessionExists } from "@/lib/server/auth/session-store";
import { ApiError, text } from "@/lib/server/errors";
import { json, parseId, sameOrigin, withPermission } from "@/lib/server/route";

export const DELETE = withPermission(
  "sessions:manage",
  sameOrigin(async ({ params, session }) => {
    const id = parseId(params.id);
    const ended = await revokeSessions({ id }, "revoked_by_admin", session.email);
    // 0 with an existing row: it had already ended, which is what was asked.
    if (ended === 0 && !(await sessionExists(id))) throw new ApiError("not_found", text("misc.sessionNotFound"));
    return json({ ended });
  }),
);

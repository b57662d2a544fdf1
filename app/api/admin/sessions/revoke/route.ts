// POST /api/admin/sessions/revoke – end every open session of one person (admin), body { "email" }
import * as z from "zod";
import { revokeSessions, SessionEmail } from "@/lib/server/auth/session-store";
import { json, parseJsonBody, sameOrigin, withPermission } from "@/lib/server/route";

const Body = z.object({ email: SessionEmail });

export const POST = withPermission(
  "sessions:manage",
  sameOrigin(async ({ req, session }) => {
    const { email } = await parseJsonBody(req, Body);
    return json({ ended: await revokeSessions({ email }, "revoked_by_admin", session.email) });
  }),
);

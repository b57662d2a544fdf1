// GET /api/admin/sessions – sign-in sessions, newest first (admin); ?email= narrows to one person
import * as z from "zod";
import { listSessions, SessionEmail } from "@/lib/server/auth/session-store";
import { json, parseQuery, withPermission } from "@/lib/server/route";

const Query = z.object({ email: SessionEmail.optional() });

export const GET = withPermission("sessions:manage", async ({ query }) => {
  const { email } = parseQuery(Query, query);
  return json({ sessions: await listSessions({ email }) });
});

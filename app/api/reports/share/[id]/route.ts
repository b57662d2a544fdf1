// DELETE /api/reports/share/[id] – ends a report link (its creator, or an admin); audited as report.share_revoked
import { can } from "@/lib/auth/roles";
import { recordAuditEvent } from "@/lib/server/audit-events";
import { db } from "@/lib/server/db";
import { ApiError } from "@/lib/server/errors";
import { json, sameOrigin, withPermission } from "@/lib/server/route";
import { revokeReportShare } from "@/lib/server/reports/share";
import { LINK_ID } from "@/lib/server/share/token";

export const DELETE = withPermission(
  "analytics:review",
  sameOrigin(async ({ params, session }) => {
    const id = String(params.id ?? "");
    if (!LINK_ID.test(id) || !(await revokeReportShare(db(), id, session.email, can(session.role, "share:manage")))) throw new ApiError("not_found");
    await recordAuditEvent({ actor: { email: session.email, name: session.name, role: session.role }, kind: "report.share_revoked", subject_id: id });
    return json({ data: { id, revoked: true } });
  }),
);

// POST /api/reports/share – a read-only, expiring link to one report (managers and admins); audited as report.share_created
import * as z from "zod";
import { timeZoneOf } from "@/lib/server/profile/request-zone";
import { env } from "@/lib/env";
import { recordAuditEvent } from "@/lib/server/audit-events";
import { db } from "@/lib/server/db";
import { json, parseJsonBody, sameOrigin, withPermission } from "@/lib/server/route";
import { ApiError, text } from "@/lib/server/errors";
import { requireProject } from "@/lib/server/reports/data";
import { reportPeriod } from "@/lib/server/reports/period";
import { createReportShare, REPORT_SHARE_MAX_DAYS } from "@/lib/server/reports/share";

const Body = z.strictObject({
  campaign_id: z.number().int().min(1).nullable(),
  project_id: z.number().int().min(1).nullable().default(null),
  from: z.iso.date(),
  to: z.iso.date(),
  days: z.number().int().min(1).max(REPORT_SHARE_MAX_DAYS).default(7),
});

export const POST = withPermission(
  "analytics:review",
  sameOrigin(async ({ req, session }) => {
    const body = await parseJsonBody(req, Body);
    const timeZone = await timeZoneOf(session.email);
    const period = reportPeriod(body, Date.now(), timeZone);
    if (body.campaign_id !== null && body.project_id !== null) throw new ApiError("validation_error", text("validation.reportScope"));
    if (body.project_id !== null) await requireProject(db(), body.project_id);
    const link = await createReportShare(db(), { campaignId: body.campaign_id, projectId: body.project_id, period, timeZone, createdBy: session.email, days: body.days });
    await recordAuditEvent({ actor: { email: session.email, name: session.name, role: session.role }, kind: "report.share_created", campaign_id: body.campaign_id, subject_id: link.id, detail: { ...period, project_id: body.project_id, expires_at: link.expiresAt } });
    return json({ data: { id: link.id, url: `${env().NEXTAUTH_URL.replace(/\/+$/, "")}/r/${link.token}`, expires_at: link.expiresAt } }, { status: 201 });
  }),
);

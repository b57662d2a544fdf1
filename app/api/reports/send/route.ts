// POST /api/reports/send – an admin mails a report (PDF attached) to an outside address; audited as report.sent / report.send_failed
import nodemailer from "nodemailer";
import { requestLocale } from "@/lib/server/request-locale";
import { timeZoneOf } from "@/lib/server/profile/request-zone";
import { env } from "@/lib/env";
import { reportTexts } from "@/lib/reports/texts";
import { recordAuditEvent } from "@/lib/server/audit-events";
import { ApiError, text } from "@/lib/server/errors";
import { transportOptions } from "@/lib/server/notify/mailer";
import { json, parseJsonBody, sameOrigin, withPermission } from "@/lib/server/route";
import { buildReport } from "@/lib/server/reports/data";
import { reportFileName } from "@/lib/server/reports/file-name";
import { reportPdf } from "@/lib/server/reports/pdf";
import { reportPeriod } from "@/lib/server/reports/period";
import { SendBody } from "@/lib/server/reports/schedule/input";

export const POST = withPermission(
  "share:manage",
  sameOrigin(async ({ req, session }) => {
    const body = await parseJsonBody(req, SendBody);
    const { SMTP_URL, SMTP_FROM } = env();
    if (!SMTP_URL) throw new ApiError("validation_error", text("validation.emailUnavailable"));
    const timeZone = await timeZoneOf(session.email);
    const period = reportPeriod({ from: body.from, to: body.to_day }, Date.now(), timeZone);
    const q = { campaignId: body.campaign_id, projectId: body.project_id ?? null, period };
    const tx = reportTexts(requestLocale());
    const report = await buildReport({ campaignId: q.campaignId, projectId: q.projectId, period, timeZone });
    const pdf = await reportPdf(report, tx);
    const subject = `${tx.t("title")}: ${tx.scope(report.scope)}, ${tx.t("period", { from: tx.longDay(period.from), to: tx.longDay(period.to) })}`;
    const actor = { email: session.email, name: session.name, role: session.role };
    const detail = { to: body.to, campaign_id: q.campaignId, project_id: q.projectId, from: period.from, to_day: period.to };
    // Audited before it leaves: a send that cannot be recorded is not made.
    await recordAuditEvent({ actor, kind: "report.sent", campaign_id: q.campaignId, subject_id: body.to, detail });
    const transport = nodemailer.createTransport(transportOptions(SMTP_URL));
    try {
      await transport.sendMail({ from: SMTP_FROM, to: body.to, subject, text: subject, attachments: [{ filename: reportFileName(q, "pdf"), content: pdf, contentType: "application/pdf" }] });
    } catch (e) {
      await recordAuditEvent({ actor, kind: "report.send_failed", campaign_id: q.campaignId, subject_id: body.to, detail: { ...detail, error: e instanceof Error ? e.message : String(e) } }).catch(() => undefined);
      throw new ApiError("upstream_unavailable", text("validation.reportNotSent"));
    } finally {
      transport.close();
    }
    return json({ data: { sent: true, to: body.to, period } });
  }),
);

// GET /api/reports/pdf – the report (campaign or project, from, to) as a PDF with a text layer; managers and admins
import { requestLocale } from "@/lib/server/request-locale";
import { timeZoneOf } from "@/lib/server/profile/request-zone";
import { reportTexts } from "@/lib/reports/texts";
import { NO_STORE, withPermission } from "@/lib/server/route";
import { buildReport } from "@/lib/server/reports/data";
import { reportPdf } from "@/lib/server/reports/pdf";
import { reportQuery } from "@/lib/server/reports/query";
import { reportFileName } from "@/lib/server/reports/file-name";

export const GET = withPermission("analytics:review", async ({ query, session }) => {
  const timeZone = await timeZoneOf(session.email);
  const q = reportQuery(Object.fromEntries(query), Date.now(), timeZone);
  const report = await buildReport({ campaignId: q.campaignId, projectId: q.projectId, period: q.period, timeZone });
  const pdf = await reportPdf(report, reportTexts(requestLocale()));
  return new Response(new Uint8Array(pdf), {
    headers: { ...NO_STORE, "content-type": "application/pdf", "content-disposition": `attachment; filename="${reportFileName(q, "pdf")}"` },
  });
});

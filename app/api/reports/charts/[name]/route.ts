// GET /api/reports/charts/[name] – one chart of the report (campaign or project, from, to) as PNG, for chat; managers and admins
import { requestLocale } from "@/lib/server/request-locale";
import { timeZoneOf } from "@/lib/server/profile/request-zone";
import { reportCharts } from "@/lib/reports/report-charts";
import { reportTexts } from "@/lib/reports/texts";
import { ApiError } from "@/lib/server/errors";
import { NO_STORE, withPermission } from "@/lib/server/route";
import { buildReport } from "@/lib/server/reports/data";
import { chartPng } from "@/lib/server/reports/png";
import { reportQuery } from "@/lib/server/reports/query";

export const GET = withPermission("analytics:review", async ({ query, session, params }) => {
  const timeZone = await timeZoneOf(session.email);
  const q = reportQuery(Object.fromEntries(query), Date.now(), timeZone);
  const name = String(params.name ?? "").replace(/\.png$/, "");
  const report = await buildReport({ campaignId: q.campaignId, projectId: q.projectId, period: q.period, timeZone });
  const chart = reportCharts(report, reportTexts(requestLocale())).find((c) => c.name === name);
  if (!chart) throw new ApiError("not_found");
  return new Response(new Uint8Array(chartPng(chart.svg)), { headers: { ...NO_STORE, "content-type": "image/png" } });
});

// GET /api/analytics/checks – what the checks teach (analytics:review): findings by rule and campaign per day, decisions on clean vs flagged versions, share clean at first version; format=csv exports them (a zip of one CSV per table)
import * as z from "zod";
import { requestLocale } from "@/lib/server/request-locale";
import { timeZoneOf } from "@/lib/server/profile/request-zone";
import { checksAnalytics, checksCsvTables } from "@/lib/server/checks/analytics";
import { csvZipResponse } from "@/lib/csv/response";
import { zipFileName } from "@/lib/csv/zip";
import { ReviewAnalyticsQuery } from "@/lib/schemas/review-analytics";
import { campaignNames } from "@/lib/server/posts/titles";
import { allowedRange } from "@/lib/server/review-analytics";
import { json, NO_STORE, parseQuery, withPermission } from "@/lib/server/route";

const Query = z.object({ format: z.enum(["json", "csv"]).default("json") });

export const GET = withPermission("analytics:review", async ({ query, session }) => {
  const { format } = parseQuery(Query, query);
  const { from, to, campaign_id } = parseQuery(ReviewAnalyticsQuery, query);
  const timeZone = await timeZoneOf(session.email);
  const range = allowedRange({ from, to }, Date.now(), timeZone);
  const found = await checksAnalytics(range, campaign_id ?? null, timeZone);
  // Campaigns by name, not number (the mirror's names; no upstream read).
  const names = await campaignNames([...found.by_rule, ...found.first_version].map((r) => r.campaign_id));
  const answer = { ...found, campaigns: Object.fromEntries([...names].map(([id, name]) => [String(id), name])) };
  if (format === "json") return json({ data: answer }, { headers: NO_STORE });
  const fileName = zipFileName(["checks", range.from, range.to, ...(campaign_id ? [`campaign-${campaign_id}`] : [])]);
  return csvZipResponse(checksCsvTables(answer), { locale: requestLocale(), timeZone, fileName, headers: NO_STORE });
});

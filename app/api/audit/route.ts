// GET /api/audit – the audit log of decisions (admin, manager), filtered and paged; format=csv exports it
import { requestLocale } from "@/lib/server/request-locale";
import { timeZoneOf } from "@/lib/server/profile/request-zone";
import { calendarDay } from "@/lib/analytics/dates";
import { auditCsvRows } from "@/lib/analytics/audit-csv";
import { messagesTranslator } from "@/lib/analytics/messages-translator";
import { campaignNames, postTitles } from "@/lib/server/posts/titles";
import { csvResponse } from "@/lib/csv/response";
import { AuditQuery, CSV_MAX_ROWS, listAudit } from "@/lib/server/audit";
import { withNames } from "@/lib/server/audit-choices";
import { json, NO_STORE, parseQuery, withPermission } from "@/lib/server/route";

export const GET = withPermission("audit:read", async ({ query, session }) => {
  const { limit, offset, format, ...filters } = parseQuery(AuditQuery, query);
  if (format === "json") {
    const page = await listAudit(filters, { limit, offset });
    // Each row names its post and campaign (the mirror; no upstream read).
    return json({ ...page, items: await withNames(page.items) });
  }
  // The file is for the person's spreadsheet: their interface language picks words and separator.
  const locale = requestLocale();
  const { items } = await listAudit(filters, { limit: CSV_MAX_ROWS, offset: 0 });
  const timeZone = await timeZoneOf(session.email);
  const day = calendarDay(new Date(), timeZone);
  const titles = await postTitles(items.map((i) => i.task_id));
  const campaigns = await campaignNames(items.flatMap((i) => i.campaign_id ?? []));
  return csvResponse(auditCsvRows(items, messagesTranslator(locale), titles, campaigns), { locale, timeZone, fileName: `audit-${day}.csv`, headers: NO_STORE });
});

// GET /api/audit/events – the audit trail of actions other than decisions (comments, verdicts, policies, share links, notification settings); admin, manager; format=csv exports it
import { requestLocale } from "@/lib/server/request-locale";
import { timeZoneOf } from "@/lib/server/profile/request-zone";
import { calendarDay } from "@/lib/analytics/dates";
import { auditEventsCsvRows } from "@/lib/analytics/audit-events-csv";
import { messagesTranslator } from "@/lib/analytics/messages-translator";
import { campaignNames, postTitles } from "@/lib/server/posts/titles";
import { csvResponse } from "@/lib/csv/response";
import { CSV_MAX_ROWS } from "@/lib/server/audit";
import { AuditEventQuery, listAuditEvents } from "@/lib/server/audit-events";
import { withNames } from "@/lib/server/audit-choices";
import { json, NO_STORE, parseQuery, withPermission } from "@/lib/server/route";

export const GET = withPermission("audit:read", async ({ query, session }) => {
  const { limit, offset, format, ...filters } = parseQuery(AuditEventQuery, query);
  if (format === "json") {
    const page = await listAuditEvents(filters, { limit, offset });
    // Each row names its post and campaign (the mirror; no upstream read).
    return json({ ...page, items: await withNames(page.items) });
  }
  const locale = requestLocale();
  const { items } = await listAuditEvents(filters, { limit: CSV_MAX_ROWS, offset: 0 });
  const timeZone = await timeZoneOf(session.email);
  const day = calendarDay(new Date(), timeZone);
  const titles = await postTitles(items.flatMap((i) => i.task_id ?? []));
  const campaigns = await campaignNames(items.flatMap((i) => i.campaign_id ?? []));
  return csvResponse(auditEventsCsvRows(items, messagesTranslator(locale), titles, campaigns), { locale, timeZone, fileName: `audit-actions-${day}.csv`, headers: NO_STORE });
});

// GET /api/analytics/review – review-process analytics (analytics:review) for a range and campaign; format=csv&table=… exports one panel
import { requestLocale } from "@/lib/server/request-locale";
import { timeZoneOf } from "@/lib/server/profile/request-zone";
import { messagesTranslator } from "@/lib/analytics/messages-translator";
import { csvFileName } from "@/lib/csv/csv";
import { postTitles } from "@/lib/server/posts/titles";
import { csvResponse } from "@/lib/csv/response";
import { ReviewAnalyticsQuery } from "@/lib/schemas/review-analytics";
import { allowedRange, reviewAnalytics, reviewCsvRows } from "@/lib/server/review-analytics";
import { dataJson, NO_STORE, parseQuery, withPermission } from "@/lib/server/route";

/** Late and overdue rows in an export (the screen shows the first 200 of each). */
const CSV_MAX_ROWS = 10_000;

export const GET = withPermission("analytics:review", async ({ query, session }) => {
  const { format, table, ...filters } = parseQuery(ReviewAnalyticsQuery, query);
  // One end given: the other is defaulted, and the whole range must still be bounded.
  const timeZone = await timeZoneOf(session.email);
  const range = allowedRange(filters, Date.now(), timeZone);
  const answer = await reviewAnalytics({ ...filters, ...range }, { maxRows: format === "csv" ? CSV_MAX_ROWS : undefined, timeZone });
  if (format === "json") return dataJson(answer);
  // The file is for the person's spreadsheet: their interface language picks words and separator.
  const locale = requestLocale();
  const named = table === "late" ? answer.data.late : table === "overdue" ? answer.data.overdue : [];
  const rows = reviewCsvRows(table, answer.data, messagesTranslator(locale), await postTitles(named.map((r) => r.taskId)));
  const fileName = csvFileName(["review", table, range.from, range.to, ...(filters.campaign_id ? [`campaign-${filters.campaign_id}`] : [])]);
  return csvResponse(rows, { locale, timeZone, fileName, headers: NO_STORE });
});

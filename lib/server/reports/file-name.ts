import "server-only";
import type { ReportQuery } from "./query";

/** report[-campaign-N]-FROM-TO.ext: ASCII only, safe in a header and a mail attachment. */
export const reportFileName = (q: ReportQuery, ext: string) => `report${q.campaignId === null ? "" : `-campaign-${q.campaignId}`}-${q.period.from}-${q.period.to}.${ext}`;

import "server-only";
import type { ReportQuery } from "./query";

/** report[-campaign-N|-project-N]-FROM-TO.ext: ASCII only, safe in a header and a mail attachment. */
export const reportFileName = (q: Pick<ReportQuery, "campaignId" | "period"> & { projectId?: number | null }, ext: string) =>
  `report${q.campaignId !== null ? `-campaign-${q.campaignId}` : q.projectId != null ? `-project-${q.projectId}` : ""}-${q.period.from}-${q.period.to}.${ext}`;

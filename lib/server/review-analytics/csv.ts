import "server-only";
import { labelOr, type TranslatorFor } from "@/i18n/keys";
import type { CsvRow } from "@/lib/csv/csv";
import type { DurationStat, ReviewAnalytics, ReviewCsvTable } from "@/lib/schemas/review-analytics";

/**
 * The CSV files of the review analytics, one per panel, written by lib/csv
 * (formulas neutralised, BOM, `;` in Russian and `,` in English). Column
 * names and labels are the screen's words. Durations are in minutes with one
 * decimal and rates in percent: numbers a spreadsheet can sort and chart,
 * where the screen shows "2 h 15 min". A share-link visitor is their name with
 * the guest mark (never the `external:<name>` key); posts carry their title
 * (`titles`, lib/server/posts/titles.ts) beside the number.
 */
const minutes = (s: number | null) => (s === null ? null : Math.round(s / 6) / 10);
const percent = (r: number | null) => (r === null ? null : Math.round(r * 1000) / 10);

export function reviewCsvRows(table: ReviewCsvTable, a: ReviewAnalytics, t: TranslatorFor, titles: ReadonlyMap<number, string> = new Map()): CsvRow[] {
  const col = (k: Parameters<TranslatorFor<"insights.review.cols">>[0]) => t(`insights.review.cols.${k}`);
  const category = (c: string | null) => (c === null ? t("insights.review.noCategory") : labelOr(t, "review.rejectCategory", c));
  const action = (v: string) => labelOr(t, "review.activity.action", v);
  const campaign = (id: number | null, name: string | null) => name ?? (id === null ? "" : String(id));
  const title = (id: number) => titles.get(id) || null;
  const guest = (email: string) => email.startsWith("external:");
  const person = (p: { name: string; email: string }) => (guest(p.email) ? `${p.name} (${t("common.roles.external")})` : p.name);
  switch (table) {
    case "summary": {
      const s = a.summary;
      const stat = (label: string, v: DurationStat): CsvRow[] => [
        [`${label}: ${col("median")}`, minutes(v.median)],
        [`${label}: ${col("p90")}`, minutes(v.p90)],
        [`${label}: ${col("posts")}`, v.count],
      ];
      return [
        [col("metric"), col("value")],
        [col("from"), a.range.from],
        [col("to"), a.range.to],
        [t("insights.review.summary.decisions"), s.decisions],
        [t("insights.review.summary.approvals"), s.approvals],
        [t("insights.review.summary.rejections"), s.rejections],
        [`${t("insights.review.summary.approvalRate")}, %`, percent(s.approvalRate)],
        [`${t("insights.review.summary.rejectionRate")}, %`, percent(s.rejectionRate)],
        [t("insights.review.summary.decidedPosts"), s.decidedPosts],
        ...stat(`${t("insights.review.summary.toDecision")}, ${col("minutesUnit")}`, s.toDecision),
        ...stat(`${t("insights.review.summary.toPublication")}, ${col("minutesUnit")}`, s.toPublication),
        [t("insights.review.summary.lateDecisions"), s.lateDecisions],
        [t("insights.review.summary.overdueWaiting"), s.overdueWaiting],
        [t("insights.review.summary.postsNotFound"), s.postsNotFound],
      ];
    }
    case "people":
      return [
        [col("person"), col("email"), col("decisions"), col("approvals"), col("rejections")],
        ...a.people.map((p) => [person(p), guest(p.email) ? null : p.email, p.decisions, p.approvals, p.rejections]),
      ];
    case "days":
      return [[col("day"), col("approvals"), col("rejections"), col("decisions")], ...a.days.map((d) => [d.day, d.approvals, d.rejections, d.approvals + d.rejections])];
    case "campaigns":
      return [
        [col("campaignId"), col("campaign"), col("decisions"), col("approvals"), col("rejections"), `${col("approvalRate")}, %`, `${col("rejectionRate")}, %`, `${col("median")}, ${col("minutesUnit")}`, `${col("p90")}, ${col("minutesUnit")}`],
        ...a.campaigns.map((c) => [c.id, c.name ?? "", c.decisions, c.approvals, c.rejections, percent(c.approvalRate), percent(c.rejectionRate), minutes(c.toDecision.median), minutes(c.toDecision.p90)]),
      ];
    case "reasons":
      return [[col("category"), col("rejections"), `${col("share")}, %`], ...a.reasons.map((r) => [category(r.category), r.count, percent(r.share)])];
    case "late":
      return [
        [col("post"), col("title"), col("campaign"), col("decidedAt"), col("plannedAt"), `${col("lateBy")}, ${col("minutesUnit")}`, col("action"), col("person")],
        ...a.late.map((r) => [r.taskId, title(r.taskId), campaign(r.campaignId, r.campaignName), r.at, r.plannedAt, minutes(r.lateBySeconds), action(r.action), r.userName]),
      ];
    case "overdue":
      return [
        [col("post"), col("title"), col("campaign"), col("createdAt"), col("plannedAt"), `${col("overdueBy")}, ${col("minutesUnit")}`],
        ...a.overdue.map((r) => [r.taskId, title(r.taskId), campaign(r.campaignId, r.campaignName), r.createdAt, r.plannedAt, minutes(r.overdueSeconds)]),
      ];
  }
}

import { barsSvg, trendSvg, type NamedChart } from "./charts";
import type { ReportTexts } from "./texts";
import type { Report } from "./types";

/** The charts a report shows, in its order: one trend per metric with values, then decisions per person. */
export function reportCharts(r: Report, tx: ReportTexts): NamedChart[] {
  const labels = { day: tx.shortDay, number: tx.compact };
  const out: NamedChart[] = [];
  for (const s of r.engagement.trend) {
    if (!s.points.some((p) => p.value !== null)) continue;
    const title = tx.t("engagement.trend", { metric: tx.metric(s.metric) });
    out.push({ name: `trend-${s.metric.toLowerCase()}`, title, svg: trendSvg({ points: s.points, title, labels }) });
  }
  if (r.review.people.length > 0) {
    const title = tx.t("review.people");
    out.push({
      name: "decisions",
      title,
      svg: barsSvg({ rows: r.review.people.map((p) => ({ label: p.name, approve: p.approvals, reject: p.rejections })), title, legend: { approve: tx.t("review.approvals"), reject: tx.t("review.rejections") }, labels }),
    });
  }
  return out;
}

import "server-only";
import PDFDocument from "pdfkit";
import { reportCharts } from "@/lib/reports/report-charts";
import type { ReportTexts } from "@/lib/reports/texts";
import type { Report, ReportPost } from "@/lib/reports/types";
import { reportFonts } from "./fonts";
import { chartPng } from "./png";

/*
 * The report as a PDF with pdfkit: real text (a text layer a reader can
 * search and copy, and tests read with pdftotext) in embedded DejaVu Sans,
 * charts as the same SVG drawn to PNG. pdfkit over @react-pdf/renderer: see
 * bench/README.md (time and bytes for one report). Post thumbnails are left
 * out of the PDF: they are links to the upstream's media, and making a PDF
 * must cost no outside request.
 */
const A4 = { width: 595.28, height: 841.89 };
const M = 48;
const W = A4.width - 2 * M;

export async function reportPdf(r: Report, tx: ReportTexts): Promise<Buffer> {
  const { t } = tx;
  const f = reportFonts();
  const doc = new PDFDocument({ size: "A4", margin: M, info: { Title: `${t("title")} ${r.period.from} – ${r.period.to}`, Producer: "review-dashboard" }, lang: tx.locale });
  doc.registerFont("body", f.regular);
  doc.registerFont("bold", f.bold);
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const room = (h: number) => {
    if (doc.y + h > A4.height - M) doc.addPage();
  };
  const h1 = (s: string) => doc.font("bold").fontSize(18).fillColor("#18181b").text(s, { width: W });
  const h2 = (s: string) => {
    room(60);
    doc.moveDown(0.8).font("bold").fontSize(13).fillColor("#18181b").text(s, { width: W }).moveDown(0.3);
  };
  const line = (s: string, o: { size?: number; color?: string } = {}) => doc.font("body").fontSize(o.size ?? 10).fillColor(o.color ?? "#18181b").text(s, { width: W });
  /** Rows of cells: the first column left, the rest right-aligned (figures). */
  const table = (head: string[] | null, rows: string[][], widths: number[]) => {
    const draw = (cells: string[], bold: boolean) => {
      room(18);
      const y = doc.y;
      let x = M;
      cells.forEach((c, i) => {
        doc.font(bold ? "bold" : "body").fontSize(9.5).fillColor("#18181b").text(c, x, y, { width: widths[i]! - 6, align: i === 0 ? "left" : "right", lineBreak: false, ellipsis: true });
        x += widths[i]!;
      });
      doc.x = M;
      doc.y = y + 15;
      doc.moveTo(M, doc.y - 2).lineTo(M + widths.reduce((a, b) => a + b, 0), doc.y - 2).strokeColor("#d4d4d8").lineWidth(0.5).stroke();
    };
    if (head) draw(head, true);
    rows.forEach((row) => draw(row, false));
  };
  /** A chart: its title, then its PNG the page's width; the cursor is put under it (pdfkit does not move it for a placed image). */
  const image = (svg: string, title: string, size: { w: number; h: number }) => {
    const h = (W / size.w) * size.h;
    room(h + 24);
    line(title, { size: 9.5, color: "#3f3f46" });
    const y = doc.y + 2;
    doc.image(chartPng(svg, 2), M, y, { width: W });
    doc.x = M;
    doc.y = y + h + 4;
  };
  const svgSize = (svg: string) => {
    const m = /width="(\d+)" height="(\d+)"/.exec(svg);
    return { w: Number(m?.[1] ?? 640), h: Number(m?.[2] ?? 240) };
  };

  h1(`${t("title")}: ${tx.scope(r.scope)}`);
  line(t("period", { from: tx.longDay(r.period.from), to: tx.longDay(r.period.to) }), { size: 11 });
  line(t("generated", { at: tx.at(r.generatedAt, r.period.timeZone), zone: r.period.timeZone }), { size: 8.5, color: "#52525b" });

  h2(t("engagement.title"));
  if (r.engagement.totals.length === 0) line(t("engagement.none"));
  else
    table(
      [t("engagement.metric"), t("engagement.value"), t("engagement.previous"), t("engagement.change")],
      r.engagement.totals.map((m) => [tx.metric(m.metric), tx.number(m.value), tx.number(m.previous), tx.change(m.change)]),
      [W * 0.4, W * 0.2, W * 0.2, W * 0.2],
    );
  const charts = reportCharts(r, tx);
  for (const c of charts.filter((c) => c.name.startsWith("trend-"))) {
    doc.moveDown(0.6);
    image(c.svg, c.title, svgSize(c.svg));
  }

  const posts = (title: string, list: ReportPost[]) => {
    h2(title);
    if (list.length === 0) return line(t("noPosts"));
    table(
      [t("post"), t("interactions")],
      list.map((p) => [`#${p.taskId} ${p.firstLine || t("noText")}`, tx.number(p.engagement)]),
      [W * 0.8, W * 0.2],
    );
  };
  posts(t("best"), r.best);
  posts(t("worst"), r.worst);

  h2(t("plan.title"));
  table(
    null,
    (["planned", "published", "failed", "waiting", "canceled"] as const).map((k) => [t(`plan.${k}`), tx.number(r.plan[k])]),
    [W * 0.6, W * 0.2],
  );

  h2(t("review.title"));
  if (r.review.decisions === 0) line(t("review.none"));
  else {
    table(
      null,
      [
        [t("review.decisions"), tx.number(r.review.decisions)],
        [t("review.approvals"), tx.number(r.review.approvals)],
        [t("review.rejections"), tx.number(r.review.rejections)],
        [t("review.median"), tx.duration(r.review.medianToDecision)],
      ],
      [W * 0.6, W * 0.3],
    );
    doc.moveDown(0.5);
    table(
      [t("review.person"), t("review.decisions"), t("review.approvals"), t("review.rejections")],
      r.review.people.map((p) => [p.name, tx.number(p.decisions), tx.number(p.approvals), tx.number(p.rejections)]),
      [W * 0.4, W * 0.2, W * 0.2, W * 0.2],
    );
    const people = charts.find((c) => c.name === "decisions");
    if (people) {
      doc.moveDown(0.6);
      image(people.svg, people.title, svgSize(people.svg));
    }
    if (r.review.reasons.length > 0) {
      doc.moveDown(0.5);
      table(
        [t("review.reason"), t("review.count")],
        r.review.reasons.map((x) => [tx.category(x.category), tx.number(x.count)]),
        [W * 0.6, W * 0.2],
      );
    }
  }

  h2(t("checks.title"));
  if (r.checks.rules.length === 0) line(t("checks.none"));
  else table([t("checks.rule"), t("checks.count")], r.checks.rules.map((x) => [x.rule, tx.number(x.count)]), [W * 0.6, W * 0.2]);
  doc.moveDown(0.3);
  line(t("checks.flagged", { approved: r.checks.flagged.approved, rejected: r.checks.flagged.rejected }));
  line(t("checks.clean", { approved: r.checks.clean.approved, rejected: r.checks.clean.rejected }));

  doc.end();
  return done;
}

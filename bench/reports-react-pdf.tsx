/**
 * The same report drawn with @react-pdf/renderer, for bench/reports.ts:
 * `tsx bench/reports-react-pdf.tsx <report.json> <runs>` prints one JSON line
 * per run ({ ms, bytes }). Run apart from the main script: react-pdf's
 * reconciler needs React's client build, not the "react-server" one the
 * dashboard's server modules are benchmarked under.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Resvg } from "@resvg/resvg-js";
import { Document, Font, Image, Page, renderToBuffer, StyleSheet, Text, View } from "@react-pdf/renderer";
import { reportCharts } from "../lib/reports/report-charts";
import { reportTexts } from "../lib/reports/texts";
import type { Report } from "../lib/reports/types";

const TTF = join(process.cwd(), "node_modules", "dejavu-fonts-ttf", "ttf");
Font.register({ family: "DejaVu", fonts: [{ src: join(TTF, "DejaVuSans.ttf") }, { src: join(TTF, "DejaVuSans-Bold.ttf"), fontWeight: 700 }] });
const s = StyleSheet.create({
  page: { fontFamily: "DejaVu", fontSize: 10, padding: 48 },
  h1: { fontSize: 18, fontWeight: 700 },
  h2: { fontSize: 13, fontWeight: 700, marginTop: 12, marginBottom: 4 },
  row: { flexDirection: "row", borderBottomWidth: 0.5, borderBottomColor: "#d4d4d8", paddingVertical: 2 },
  cell: { flex: 2 },
  num: { flex: 1, textAlign: "right" },
});
const png = (svg: string) => new Resvg(svg, { fitTo: { mode: "zoom", value: 2 }, font: { fontFiles: [join(TTF, "DejaVuSans.ttf")], loadSystemFonts: false, defaultFontFamily: "DejaVu Sans" } }).render().asPng();

function Rows({ rows }: { rows: string[][] }) {
  return (
    <>
      {rows.map((r, i) => (
        <View key={i} style={s.row}>
          {r.map((c, j) => (
            <Text key={j} style={j === 0 ? s.cell : s.num}>
              {c}
            </Text>
          ))}
        </View>
      ))}
    </>
  );
}

function ReportDoc({ r }: { r: Report }) {
  const tx = reportTexts("ru");
  const { t } = tx;
  const charts = reportCharts(r, tx);
  return (
    <Document>
      <Page size="A4" style={s.page}>
        <Text style={s.h1}>{`${t("title")}: ${r.scope.campaignName ? t("scope.campaign", { name: r.scope.campaignName }) : t("scope.team")}`}</Text>
        <Text>{t("period", { from: tx.longDay(r.period.from), to: tx.longDay(r.period.to) })}</Text>
        <Text style={s.h2}>{t("engagement.title")}</Text>
        <Rows rows={r.engagement.totals.map((m) => [tx.metric(m.metric), tx.number(m.value), tx.number(m.previous), tx.change(m.change)])} />
        {charts.map((c) => (
          <View key={c.name} wrap={false}>
            <Text>{c.title}</Text>
            {/* eslint-disable-next-line jsx-a11y/alt-text -- a PDF image (react-pdf), not an HTML one */}
            <Image src={png(c.svg)} />
          </View>
        ))}
        <Text style={s.h2}>{t("best")}</Text>
        <Rows rows={r.best.map((p) => [`#${p.taskId} ${p.firstLine}`, tx.number(p.engagement)])} />
        <Text style={s.h2}>{t("worst")}</Text>
        <Rows rows={r.worst.map((p) => [`#${p.taskId} ${p.firstLine}`, tx.number(p.engagement)])} />
        <Text style={s.h2}>{t("plan.title")}</Text>
        <Rows rows={(["planned", "published", "failed", "waiting", "canceled"] as const).map((k) => [t(`plan.${k}`), tx.number(r.plan[k])])} />
        <Text style={s.h2}>{t("review.title")}</Text>
        <Rows rows={[[t("review.decisions"), tx.number(r.review.decisions)], [t("review.median"), tx.duration(r.review.medianToDecision)]]} />
        <Rows rows={r.review.people.map((p) => [p.name, tx.number(p.decisions), tx.number(p.approvals), tx.number(p.rejections)])} />
        <Rows rows={r.review.reasons.map((x) => [tx.category(x.category), tx.number(x.count)])} />
        <Text style={s.h2}>{t("checks.title")}</Text>
        <Rows rows={r.checks.rules.map((x) => [x.rule, tx.number(x.count)])} />
      </Page>
    </Document>
  );
}

async function main() {
  const report = JSON.parse(readFileSync(process.argv[2]!, "utf8")) as Report;
  const runs = Number(process.argv[3] ?? 1);
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const buf = await renderToBuffer(<ReportDoc r={report} />);
    console.log(JSON.stringify({ ms: performance.now() - t0, bytes: buf.length }));
  }
}
void main();

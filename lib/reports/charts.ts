import type { TrendPoint } from "@/lib/analytics/engagement-trends";
import { niceScale, pathOf, tickIndexes } from "@/lib/charts/trend-scale";

/*
 * The report's charts as SVG text of a fixed size: the same text is put in
 * the page, rasterised to PNG for chat (resvg, with the embedded font) and
 * drawn into the PDF, so each chart is drawn once. Text, not a React element:
 * a route handler cannot use react-dom/server, and resvg takes text anyway.
 * The scale and the line come from the trend chart's own arithmetic
 * (components/charts/trend-scale), so the page's trend and this one agree.
 */
export const CHART_W = 640;
export const CHART_H = 240;
const PAD = { left: 56, right: 16, top: 16, bottom: 32 };
const INK = "#3f3f46";

export type Labels = { day: (d: string) => string; number: (n: number) => string };

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const open = (w: number, h: number, title: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${esc(title)}" font-family="DejaVu Sans" font-size="11"><title>${esc(title)}</title><rect width="${w}" height="${h}" fill="#ffffff"/>`;
const text = (x: number, y: number, s: string, anchor = "start") => `<text x="${x}" y="${y}" text-anchor="${anchor}" fill="${INK}">${esc(s)}</text>`;

export function trendSvg({ points, title, color = "#2563eb", labels }: { points: TrendPoint[]; title: string; color?: string; labels: Labels }): string {
  const values = points.map((p) => p.value);
  const scale = niceScale(Math.max(0, ...values.map((v) => v ?? 0)));
  const w = CHART_W - PAD.left - PAD.right;
  const h = CHART_H - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (points.length <= 1 ? w / 2 : (i / (points.length - 1)) * w);
  const y = (v: number) => PAD.top + h - (v / scale.top) * h;
  let s = open(CHART_W, CHART_H, title);
  for (const v of scale.ticks) s += `<line x1="${PAD.left}" x2="${PAD.left + w}" y1="${y(v)}" y2="${y(v)}" stroke="${INK}" stroke-opacity="0.15"/>` + text(PAD.left - 6, y(v) + 4, labels.number(v), "end");
  s += `<line x1="${PAD.left}" x2="${PAD.left}" y1="${PAD.top}" y2="${PAD.top + h}" stroke="${INK}"/><line x1="${PAD.left}" x2="${PAD.left + w}" y1="${PAD.top + h}" y2="${PAD.top + h}" stroke="${INK}"/>`;
  s += `<path d="${pathOf(values, x, y)}" fill="none" stroke="${color}" stroke-width="2" stroke-linejoin="round"/>`;
  if (points.length <= 45) values.forEach((v, i) => v !== null && (s += `<circle cx="${x(i)}" cy="${y(v)}" r="3" fill="${color}"/>`));
  for (const i of tickIndexes(points.length)) s += text(x(i), CHART_H - 10, labels.day(points[i]!.day), i === 0 ? "start" : i === points.length - 1 ? "end" : "middle");
  return `${s}</svg>`;
}

export type Bar = { label: string; approve: number; reject: number };

/** Decisions per row, approvals green and rejections orange, stacked; the legend names both. */
export function barsSvg({ rows, title, legend, labels }: { rows: Bar[]; title: string; legend: { approve: string; reject: string }; labels: Labels }): string {
  const shown = rows.slice(0, 10);
  const rowH = 22;
  const height = Math.max(80, PAD.top + shown.length * rowH + 40);
  const left = 160;
  const w = CHART_W - left - PAD.right - 40;
  const max = Math.max(1, ...shown.map((r) => r.approve + r.reject));
  const cut = (v: string) => (v.length > 24 ? `${v.slice(0, 23)}…` : v);
  let s = open(CHART_W, height, title);
  shown.forEach((r, k) => {
    const top = PAD.top + k * rowH;
    const a = (r.approve / max) * w;
    const j = (r.reject / max) * w;
    s += text(left - 8, top + 14, cut(r.label), "end");
    s += `<rect x="${left}" y="${top + 3}" width="${a}" height="${rowH - 8}" fill="#15803d"/><rect x="${left + a}" y="${top + 3}" width="${j}" height="${rowH - 8}" fill="#c2410c"/>`;
    s += text(left + a + j + 6, top + 14, labels.number(r.approve + r.reject));
  });
  s += `<rect x="${left}" y="${height - 22}" width="10" height="10" fill="#15803d"/>` + text(left + 14, height - 13, legend.approve);
  s += `<rect x="${left + 150}" y="${height - 22}" width="10" height="10" fill="#c2410c"/>` + text(left + 164, height - 13, legend.reject);
  return `${s}</svg>`;
}

/** Every chart of a report, named for the files of an album. */
export type NamedChart = { name: string; title: string; svg: string };

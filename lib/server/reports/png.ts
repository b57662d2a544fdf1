import "server-only";
import { Resvg } from "@resvg/resvg-js";
import type { NamedChart } from "@/lib/reports/charts";
import { reportFonts } from "./fonts";

/** A chart's SVG as PNG at twice its size (sharp on a phone's screen), drawn with the embedded font only. */
export function chartPng(svg: string, zoom = 2): Buffer {
  const f = reportFonts();
  const r = new Resvg(svg, {
    fitTo: { mode: "zoom", value: zoom },
    font: { fontFiles: [f.regular, f.bold], loadSystemFonts: false, defaultFontFamily: "DejaVu Sans" },
    background: "#ffffff",
  });
  return r.render().asPng();
}

export const chartPngs = (charts: readonly NamedChart[], zoom = 2) => charts.map((c) => ({ ...c, png: chartPng(c.svg, zoom) }));

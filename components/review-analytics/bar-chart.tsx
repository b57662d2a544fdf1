"use client";

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

/** `kind` picks the look: approvals solid green, rejections hatched orange, whatever the series' position. */
export type BarSeries = { key: string; label: string; kind: "approve" | "reject" };
export type BarRow = { label: string } & Record<string, number | string>;

// Approvals green, rejections red-orange (3:1 on white and zinc-900); the second
// series is hatched too, so the two differ without colour (the legend says which).
const FILL = { approve: "#15803d", reject: "url(#review-hatch)" };
const STROKE = { approve: "#15803d", reject: "#c2410c" };

/**
 * Bars per row (stacked when there are several series). Decorative for
 * assistive technology: the same numbers are in the table view beside it.
 * Loaded with next/dynamic, so Recharts is not in the page's first load.
 */
export function ReviewBarChart({ rows, series, label, height = 260, layout = "horizontal" }: { rows: BarRow[]; series: BarSeries[]; label: string; height?: number; layout?: "horizontal" | "vertical" }) {
  const vertical = layout === "vertical";
  return (
    <div role="img" aria-label={label} className="w-full text-zinc-700 dark:text-zinc-300" style={{ height }} data-testid="review-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} layout={vertical ? "vertical" : "horizontal"} margin={{ top: 8, right: 16, bottom: 8, left: 8 }} accessibilityLayer={false}>
          <defs>
            <pattern id="review-hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
              <rect width="6" height="6" fill="#c2410c" />
              <line x1="0" y1="0" x2="0" y2="6" stroke="#fff" strokeWidth="2" strokeOpacity={0.55} />
            </pattern>
          </defs>
          <CartesianGrid stroke="currentColor" strokeOpacity={0.15} />
          {vertical ? (
            <>
              <XAxis type="number" allowDecimals={false} tick={{ fill: "currentColor", fontSize: 12 }} stroke="currentColor" />
              <YAxis type="category" dataKey="label" width={120} tick={{ fill: "currentColor", fontSize: 12 }} stroke="currentColor" />
            </>
          ) : (
            <>
              <XAxis dataKey="label" tick={{ fill: "currentColor", fontSize: 12 }} stroke="currentColor" minTickGap={16} />
              <YAxis allowDecimals={false} width={40} tick={{ fill: "currentColor", fontSize: 12 }} stroke="currentColor" />
            </>
          )}
          <Tooltip contentStyle={{ color: "#18181b" }} cursor={{ fillOpacity: 0.1 }} />
          {series.length > 1 && <Legend />}
          {series.map((s) => (
            <Bar key={s.key} dataKey={s.key} name={s.label} stackId="a" fill={FILL[s.kind]} stroke={STROKE[s.kind]} maxBarSize={48} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

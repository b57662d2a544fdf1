"use client";

import { useFormatter } from "next-intl";
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { HistoryPoint } from "@/lib/analytics/engagement";

export type ChartSeries = { key: string; label: string; points: HistoryPoint[] };

// Distinct hues that keep 3:1 against white and zinc-900, plus a dash pattern
// and a dot shape per series, so lines differ without relying on colour.
const COLORS = ["#2563eb", "#dc2626", "#059669", "#b45309"];
const DASHES = [undefined, "8 4", "2 3", "10 3 2 3"];

/**
 * One line per series over real time (each series keeps its own timestamps,
 * so posts collected at different moments still line up on the time axis).
 * The picture is decorative for assistive technology: the same numbers are
 * in the table view next to it.
 */
export function HistoryChart({ series, label, height = 320 }: { series: ChartSeries[]; label: string; height?: number }) {
  const format = useFormatter();
  const tick = (ms: number) => format.dateTime(new Date(ms), { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });
  return (
    <div role="img" aria-label={label} className="w-full text-zinc-700 dark:text-zinc-300" style={{ height }} data-testid="history-chart">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart margin={{ top: 8, right: 16, bottom: 8, left: 8 }} accessibilityLayer={false}>
          <CartesianGrid stroke="currentColor" strokeOpacity={0.15} />
          <XAxis
            dataKey="time"
            type="number"
            scale="time"
            domain={["dataMin", "dataMax"]}
            tickFormatter={tick}
            tick={{ fill: "currentColor", fontSize: 12 }}
            stroke="currentColor"
            minTickGap={24}
          />
          <YAxis
            tickFormatter={(v: number) => format.number(v, { notation: "compact" })}
            tick={{ fill: "currentColor", fontSize: 12 }}
            stroke="currentColor"
            width={56}
          />
          {series.length === 1 && (
            <Tooltip
              labelFormatter={(v) => (typeof v === "number" ? tick(v) : String(v))}
              formatter={(v) => (typeof v === "number" ? format.number(v) : String(v))}
              contentStyle={{ color: "#18181b" }}
            />
          )}
          <Legend />
          {series.map((s, i) => (
            <Line
              key={s.key}
              data={s.points}
              dataKey="value"
              name={s.label}
              type="monotone"
              stroke={COLORS[i % COLORS.length]}
              strokeDasharray={DASHES[i % DASHES.length]}
              strokeWidth={2}
              dot={s.points.length <= 60 ? { r: 2 + (i % 2) } : false}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

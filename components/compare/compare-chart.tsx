"use client";

import { useTranslations, useFormatter } from "next-intl";
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { AlignUnit } from "@/lib/analytics/align";

/** One line of the comparison: `x` is ms since the epoch (calendar) or an age in `unit` (aligned). */
export type CompareLine = { key: string; label: string; points: { x: number; value: number }[] };

// Five posts at most, five looks: a hue that keeps 3:1 against white and
// zinc-900, plus a dash pattern and dot shape per line, so lines differ
// without relying on colour.
const COLORS = ["#2563eb", "#dc2626", "#059669", "#b45309", "#7c3aed"];
const DASHES = [undefined, "8 4", "2 3", "10 3 2 3", "4 4"];
const DOTS = ["circle", "square", "diamond", "triangle", "cross"] as const;

type Props = { lines: CompareLine[]; label: string; mode: "calendar" | AlignUnit; height?: number };

/**
 * The comparison's picture. Decorative for assistive technology: the same
 * numbers are in the table beside it. Each line keeps its own x values, so
 * posts measured at different moments still sit right on the axis.
 */
export function CompareChart({ lines, label, mode, height = 320 }: Props) {
  const format = useFormatter();
  const t = useTranslations("planner.compare");
  const tick = (x: number) =>
    mode === "calendar"
      ? format.dateTime(new Date(x), { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" })
      : t(mode === "hours" ? "hoursAfter" : "daysAfter", { n: format.number(x, { maximumFractionDigits: 1 }) });
  return (
    <div role="img" aria-label={label} className="w-full text-zinc-700 dark:text-zinc-300" style={{ height }} data-testid="history-chart">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart margin={{ top: 8, right: 16, bottom: 8, left: 8 }} accessibilityLayer={false}>
          <CartesianGrid stroke="currentColor" strokeOpacity={0.15} />
          <XAxis
            dataKey="x"
            type="number"
            scale={mode === "calendar" ? "time" : "linear"}
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
          {lines.length === 1 && (
            <Tooltip
              labelFormatter={(v) => (typeof v === "number" ? tick(v) : String(v))}
              formatter={(v) => (typeof v === "number" ? format.number(v) : String(v))}
              contentStyle={{ color: "#18181b" }}
            />
          )}
          <Legend />
          {lines.map((s, i) => (
            <Line
              key={s.key}
              data={s.points}
              dataKey="value"
              name={s.label}
              type="monotone"
              stroke={COLORS[i % COLORS.length]}
              strokeDasharray={DASHES[i % DASHES.length]}
              strokeWidth={2}
              legendType={DOTS[i % DOTS.length]}
              dot={s.points.length <= 60 ? { r: 2 + (i % 2) } : false}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

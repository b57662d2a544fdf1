"use client";

import { useFormatter } from "next-intl";
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { dayToDate } from "@/components/campaigns/use-labels";
import type { TrendPoint } from "@/lib/analytics/engagement-trends";

/**
 * One metric's daily campaign total. A day without a value ("not reported")
 * is a gap in the line, never a drop to 0. Decorative for assistive
 * technology: the same numbers are in the table view. Loaded on demand
 * (next/dynamic) so Recharts never weighs on a page's first load.
 */
export function TrendChart({ points, label, height = 200, color = "#2563eb" }: { points: TrendPoint[]; label: string; height?: number; color?: string }) {
  const format = useFormatter();
  // A line needs two neighbouring values: a day whose neighbours are both "not reported" (on a
  // fresh database, today alone) would be drawn as nothing, so it always gets its dot.
  const everyDot = points.length <= 45;
  const hasValue = (i: number) => points[i] !== undefined && points[i].value !== null;
  const lone = (i: number) => !hasValue(i - 1) && !hasValue(i + 1);
  const dot = ({ cx, cy, index = -1 }: { cx?: number; cy?: number; index?: number }) => {
    const shown = cx !== undefined && cy !== undefined && hasValue(index) && (everyDot || lone(index));
    return shown ? <circle key={index} cx={cx} cy={cy} r={everyDot ? 2 : 3} fill={color} stroke={color} /> : <g key={index} />;
  };
  const day = (d: string) => format.dateTime(dayToDate(d), { day: "numeric", month: "short" });
  return (
    <div role="img" aria-label={label} className="w-full text-zinc-700 dark:text-zinc-300" style={{ height }} data-testid="trend-chart">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={points} margin={{ top: 8, right: 12, bottom: 4, left: 4 }} accessibilityLayer={false}>
          <CartesianGrid stroke="currentColor" strokeOpacity={0.15} />
          <XAxis dataKey="day" tickFormatter={day} tick={{ fill: "currentColor", fontSize: 11 }} stroke="currentColor" minTickGap={20} />
          <YAxis
            tickFormatter={(v: number) => format.number(v, { notation: "compact" })}
            tick={{ fill: "currentColor", fontSize: 11 }}
            stroke="currentColor"
            width={60}
            allowDecimals={false}
          />
          <Tooltip
            labelFormatter={(v) => (typeof v === "string" ? format.dateTime(dayToDate(v), { dateStyle: "medium" }) : String(v))}
            formatter={(v) => (typeof v === "number" ? format.number(v) : String(v))}
            contentStyle={{ color: "#18181b" }}
          />
          <Line dataKey="value" name={label} type="monotone" stroke={color} strokeWidth={2} dot={dot} connectNulls={false} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

"use client";

import { useFormatter } from "next-intl";
import { useState } from "react";
import { dayToDate } from "@/components/campaigns/use-labels";
import { cn } from "@/lib/cn";
import type { TrendPoint } from "@/lib/analytics/engagement-trends";
import { niceScale, pathOf, tickIndexes } from "@/lib/charts/trend-scale";

/** The plot's own coordinates; the SVG is stretched to its box, lines and dots keep their width. */
const W = 1000;
const H = 1000;

/**
 * One metric's daily campaign total: a line with a gap for a day without a
 * value ("not reported", never a drop to 0), dots on every day of a short
 * range (and on a lone day in a long one), the days below and compact numbers
 * beside, and the day and value under the pointer. Decorative for assistive
 * technology: the same numbers are in the table view.
 *
 * Drawn by hand in one SVG rather than with Recharts: a Recharts chart cost a
 * phone 150–400 ms of main thread each (CPU 4× slower, mostly measuring its
 * labels' text), and the engagement page draws one per metric. Loaded on
 * demand (next/dynamic, browser only: it sizes itself with inline styles).
 */
export function TrendChart({ points, label, height = 200, color = "#2563eb" }: { points: TrendPoint[]; label: string; height?: number; color?: string }) {
  const format = useFormatter();
  const [hover, setHover] = useState<number | null>(null);
  const values = points.map((p) => p.value);
  const scale = niceScale(Math.max(0, ...values.map((v) => v ?? 0)));
  const x = (i: number) => (points.length <= 1 ? W / 2 : (i / (points.length - 1)) * W);
  const y = (v: number) => H - (v / scale.top) * H;
  // A line needs two neighbouring values: a day whose neighbours are both "not reported" (on a
  // fresh database, today alone) would be drawn as nothing, so it always gets its dot.
  const everyDot = points.length <= 45;
  const has = (i: number) => values[i] !== undefined && values[i] !== null;
  const dotted = points.map((_, i) => i).filter((i) => has(i) && (everyDot || (!has(i - 1) && !has(i + 1))));
  const day = (d: string, style: "short" | "medium") =>
    style === "short" ? format.dateTime(dayToDate(d), { day: "numeric", month: "short" }) : format.dateTime(dayToDate(d), { dateStyle: "medium" });
  // The tooltip: the day under the pointer, at its x (in % of the plot); on the right half it opens leftwards, so it stays inside.
  const tip = hover === null || !points[hover] ? null : { point: points[hover], at: (x(hover) / W) * 100, leftwards: hover > (points.length - 1) / 2 };

  return (
    <div role="img" aria-label={label} className="@container w-full text-zinc-700 dark:text-zinc-300" style={{ height }} data-testid="trend-chart">
      <div className="grid h-full grid-cols-[3.25rem_minmax(0,1fr)] grid-rows-[minmax(0,1fr)_1.5rem] pr-3 pt-2 text-[11px]">
        <div className="relative" aria-hidden="true">
          {scale.ticks.map((v) => (
            <span key={v} className="absolute right-1.5 -translate-y-1/2 tabular-nums" style={{ top: `${100 - (v / scale.top) * 100}%` }}>
              {format.number(v, { notation: "compact" })}
            </span>
          ))}
        </div>
        <div
          className="relative border-b border-l border-current"
          onPointerMove={(e) => {
            const box = e.currentTarget.getBoundingClientRect();
            const i = Math.round(((e.clientX - box.left) / Math.max(1, box.width)) * (points.length - 1));
            setHover(Math.min(points.length - 1, Math.max(0, i)));
          }}
          onPointerLeave={() => setHover(null)}
        >
          <svg viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" className="absolute inset-0 h-full w-full overflow-visible" aria-hidden="true">
            <g stroke="currentColor" strokeOpacity={0.15} vectorEffect="non-scaling-stroke">
              {scale.ticks.map((v) => (
                <line key={v} x1={0} x2={W} y1={y(v)} y2={y(v)} vectorEffect="non-scaling-stroke" />
              ))}
            </g>
            <path data-trend-line d={pathOf(values, x, y)} fill="none" stroke={color} strokeWidth={2} strokeLinejoin="round" vectorEffect="non-scaling-stroke" />
            {/* A dot is a zero-length segment with round caps: round however the plot is stretched. */}
            <path
              d={dotted.map((i) => `M${x(i)} ${y(values[i]!)}h0`).join("")}
              stroke={color}
              strokeWidth={everyDot ? 4 : 6}
              strokeLinecap="round"
              vectorEffect="non-scaling-stroke"
            />
            {hover !== null && <line x1={x(hover)} x2={x(hover)} y1={0} y2={H} stroke="currentColor" strokeOpacity={0.4} vectorEffect="non-scaling-stroke" />}
          </svg>
          {tip && (
            <div
              className="pointer-events-none absolute top-1 z-10 whitespace-nowrap rounded border border-zinc-300 bg-white px-2 py-1 text-xs text-zinc-900 shadow-sm"
              style={tip.leftwards ? { right: `${100 - tip.at}%` } : { left: `${tip.at}%` }}
            >
              <span className="block">{day(tip.point.day, "medium")}</span>
              <span className="block font-semibold tabular-nums">{tip.point.value === null ? "—" : format.number(tip.point.value)}</span>
            </div>
          )}
        </div>
        <div />
        <div className="relative" aria-hidden="true">
          {tickIndexes(points.length).map((i, k, all) => (
            <span
              key={i}
              className={cn(
                "absolute top-1 whitespace-nowrap",
                i === 0 ? "" : i === points.length - 1 ? "right-0" : "-translate-x-1/2",
                // Every other label only where the chart is wide enough for five.
                k % 2 === 1 && k !== all.length - 1 && "hidden @md:block",
              )}
              style={i === points.length - 1 && i !== 0 ? undefined : { left: `${(x(i) / W) * 100}%` }}
            >
              {day(points[i]!.day, "short")}
            </span>
          ))}
        </div>
      </div>
    </div>
  );
}

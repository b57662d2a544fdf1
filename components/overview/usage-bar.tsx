"use client";

import { useTranslations, useFormatter } from "next-intl";
import { useId } from "react";
import type { Usage } from "@/lib/analytics/quota";
import { cn } from "@/lib/cn";

/**
 * One used-of-limit bar. Unlimited shows no bar and says so. At 90 % and over
 * the limit the bar is striped and a worded warning with an icon appears, so
 * the state never rests on colour alone.
 */
export function UsageBar({ label, usage }: { label: string; usage: Usage }) {
  const t = useTranslations("analytics.overview");
  const format = useFormatter();
  const id = useId();
  const n = (v: number) => format.number(v);

  const summary =
    usage.limit === null
      ? t("usedUnlimited", { used: n(usage.used) })
      : `${t("usedOf", { used: n(usage.used), limit: n(usage.limit) })}, ${t("remaining", { remaining: n(usage.remaining ?? 0) })}`;
  const warning = usage.level === "over" ? t("overLimit") : usage.level === "high" ? t("nearLimit") : null;

  return (
    <div className="space-y-1" data-testid="usage">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span id={id} className="font-medium">
          {label}
        </span>
        <span className="tabular-nums text-zinc-700 dark:text-zinc-300" data-testid="usage-summary">
          {summary}
        </span>
      </div>
      {usage.limit !== null && (
        <div
          role="progressbar"
          aria-labelledby={id}
          aria-valuemin={0}
          aria-valuemax={usage.limit}
          aria-valuenow={Math.min(usage.used, usage.limit)}
          aria-valuetext={summary}
          className={cn(
            "h-2.5 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-700",
            warning && "outline outline-1 outline-offset-1 outline-zinc-900 dark:outline-zinc-100",
          )}
        >
          <div
            className={cn(
              "h-full rounded-full",
              usage.level === "ok" && "bg-blue-600 dark:bg-blue-400",
              usage.level === "high" && "bg-amber-500 bg-[repeating-linear-gradient(45deg,transparent,transparent_4px,rgb(0_0_0/0.25)_4px,rgb(0_0_0/0.25)_8px)]",
              usage.level === "over" && "bg-red-600 bg-[repeating-linear-gradient(45deg,transparent,transparent_4px,rgb(0_0_0/0.3)_4px,rgb(0_0_0/0.3)_8px)]",
            )}
            style={{ width: `${usage.barPercent}%` }}
          />
        </div>
      )}
      {warning && (
        <p className="flex items-center gap-1 text-xs font-semibold text-red-800 dark:text-red-300">
          <span aria-hidden="true">⚠</span>
          {warning}
          {usage.percent !== null && ` (${format.number(usage.percent / 100, { style: "percent", maximumFractionDigits: 0 })})`}
        </p>
      )}
    </div>
  );
}

"use client";

import { useFormatter, useTranslations } from "next-intl";
import { Card, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/cn";
import type { AdminHealth } from "@/lib/schemas/admin-health";
import { Gauge, Row, type Tone } from "./gauge";

type H = AdminHealth;
const KINDS = ["people", "mirror", "collector", "decisions"] as const;

/** The hour's state as a gauge tone: amber under 20 % left, red once people's reads are refused. */
const HOUR_TONE: Record<NonNullable<H["budget"]>["hourState"], Tone> = { ok: "ok", low: "low", spent: "spent" };

/**
 * The team's request budget: what is left of each window, the hour's state
 * said in words (and with a mark, never by colour alone), and what spent the
 * last hour by kind, so an admin sees whether people, the mirror, the
 * collector or decisions are eating the hour.
 */
export function BudgetCard({ budget, spentBy }: { budget: H["budget"]; spentBy: H["spentBy"] }) {
  const t = useTranslations("insights.health");
  const format = useFormatter();
  const state = budget?.hourState ?? "ok";
  return (
    <Card
      aria-labelledby="h-budget"
      data-testid="health-budget"
      data-hour-state={budget ? state : "unknown"}
      className={cn(
        budget && state === "low" && "border-amber-500 bg-amber-50 dark:border-amber-600 dark:bg-amber-950",
        budget && state === "spent" && "border-red-600 bg-red-50 dark:border-red-500 dark:bg-red-950",
      )}
    >
      <CardTitle id="h-budget">{t("budget.title")}</CardTitle>
      {budget ? (
        <div className="flex flex-col gap-3">
          <p
            data-testid="budget-hour-state"
            className={cn(
              "text-sm font-semibold",
              state === "ok" && "text-green-800 dark:text-green-300",
              state === "low" && "text-amber-900 dark:text-amber-200",
              state === "spent" && "text-red-800 dark:text-red-200",
            )}
          >
            <span aria-hidden="true">{state === "ok" ? "✓ " : state === "low" ? "▲ " : "✗ "}</span>
            {t(`budget.hourState.${state}`)}
          </p>
          {(["reads", "writes", "hourly"] as const).map((k) => (
            <Gauge
              key={k}
              label={t(`budget.${k}`)}
              value={budget[k]}
              max={budget.limits[k]}
              valueText={t("budget.left", { left: budget[k], limit: budget.limits[k] })}
              testId={`gauge-${k}`}
              tone={k === "hourly" ? HOUR_TONE[state] : undefined}
            />
          ))}
          {budget.pausedUntil && <p className="text-sm font-medium">{t("budget.paused", { time: format.dateTime(new Date(budget.pausedUntil), { timeStyle: "medium" }) })}</p>}
        </div>
      ) : (
        <p className="text-sm">{t("budget.unknown")}</p>
      )}
      <SpentBy spentBy={spentBy} />
    </Card>
  );
}

function SpentBy({ spentBy }: { spentBy: H["spentBy"] }) {
  const t = useTranslations("insights.health.spentBy");
  const format = useFormatter();
  const total = KINDS.reduce((sum, k) => sum + spentBy[k], 0);
  return (
    <div className="mt-3">
      <h3 className="text-sm font-semibold">{t("title")}</h3>
      <dl data-testid="budget-spent-by">
        {KINDS.map((k) => (
          <Row key={k} term={t(k)} testId={`spent-${k}`}>
            {total === 0 ? format.number(0) : t("value", { count: spentBy[k], share: format.number(spentBy[k] / total, { style: "percent" }) })}
          </Row>
        ))}
      </dl>
      <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">{t("note", { total })}</p>
    </div>
  );
}

"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations, useFormatter } from "next-intl";
import { ErrorState } from "@/components/ui/query-states";
import { SkeletonLines } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";
import { adminHealthOptions } from "@/lib/queries/admin-health";
import { BudgetCard } from "./budget-card";
import { BackgroundCard, LastHourCard, StoresCard, UpstreamCard } from "./cards";

/** The admin health screen: GET /api/admin/health every 5 s while the tab is visible. */
export function HealthView() {
  const t = useTranslations("insights.health");
  const format = useFormatter();
  const query = useQuery(adminHealthOptions());
  const h = query.data?.data;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t("title")}</h1>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t("live")}</p>
        </div>
        {h && (
          <div className="flex flex-col items-start gap-1 text-sm sm:items-end">
            <p
              data-testid="health-overall"
              className={cn(
                "rounded-md px-2 py-1 font-semibold",
                h.status === "ok" ? "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100" : "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100",
              )}
            >
              <span aria-hidden="true">{h.status === "ok" ? "✓ " : "✗ "}</span>
              {t(`overall.${h.status}`)}
            </p>
            <p>
              {t("mode.label")}: {t(`mode.${h.mode}`)}
            </p>
            {/* Not a live region: announcing every 5 s would drown a screen reader. */}
            <p className="text-zinc-600 dark:text-zinc-400" data-testid="health-updated">
              {t("updatedAt", { time: format.dateTime(new Date(h.checkedAt), { timeStyle: "medium" }) })}
            </p>
          </div>
        )}
      </div>
      {query.isPending ? (
        <div role="status" aria-label={t("loading")}>
          <SkeletonLines lines={8} />
        </div>
      ) : !h ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          {query.isError && <ErrorState error={query.error} onRetry={() => void query.refetch()} />}
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
            <UpstreamCard upstream={h.upstream} />
            <BudgetCard budget={h.budget} spentBy={h.spentBy} />
            <LastHourCard lastHour={h.lastHour} />
            <BackgroundCard background={h.background} />
            <StoresCard database={h.database} redis={h.redis} />
          </div>
        </>
      )}
    </div>
  );
}

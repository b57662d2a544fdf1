"use client";

import { ScrollRegion } from "@/components/charts/scroll-region";
import { useTranslations } from "next-intl";
import type { CampaignEngagement } from "@/lib/schemas";
import { metricColumns } from "@/lib/analytics/engagement";
import { useOpenLabel } from "@/components/campaigns/use-labels";
import { MetricValue } from "./metric-value";

/** Totals and change per metric; metrics the upstream left out read "not reported". */
export function CampaignTotals({ engagement }: { engagement: CampaignEngagement }) {
  const t = useTranslations("analytics.engagement");
  const label = useOpenLabel();
  const metrics = metricColumns(Object.keys(engagement.aggregated));
  return (
    <div className="space-y-2">
      <p className="text-sm" data-testid="posts-count">
        {t("postsCount", { count: engagement.posts_count })}
      </p>
      {/* What is counted, said once under the figure (lib/analytics/posts-in-period.ts): the trend's and the table's N are the same. */}
      <p className="text-xs text-zinc-700 dark:text-zinc-300" data-testid="posts-count-note">
        {t("postsCountNote")}
      </p>
      <ScrollRegion label={t("totalsCaption")}>
        <table className="w-full text-left text-sm" data-testid="totals-table">
          <caption className="sr-only">{t("totalsCaption")}</caption>
          <thead>
            <tr className="border-b border-zinc-200 dark:border-zinc-800">
              <th scope="col" className="py-2 pr-3 font-semibold">{t("metricCol")}</th>
              <th scope="col" className="py-2 pr-3 text-right font-semibold">{t("total")}</th>
              <th scope="col" className="py-2 text-right font-semibold">{t("change")}</th>
            </tr>
          </thead>
          <tbody>
            {metrics.map((m) => {
              const agg = engagement.aggregated[m];
              return (
                <tr key={m} className="border-b border-zinc-100 dark:border-zinc-800" data-metric={m}>
                  <th scope="row" className="py-2 pr-3 font-medium">{label("metric", m)}</th>
                  <td className="py-2 pr-3 text-right"><MetricValue value={agg?.total} /></td>
                  <td className="py-2 text-right"><MetricValue value={agg?.total_delta} signed /></td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollRegion>
    </div>
  );
}

"use client";

import { ScrollRegion } from "@/components/charts/scroll-region";
import { useTranslations, useFormatter } from "next-intl";
import { useOpenLabel } from "@/components/campaigns/use-labels";
import { metricColumns, sumByMetric } from "@/lib/analytics/engagement";
import type { PostEngagement } from "@/lib/schemas";
import { MetricValue } from "./metric-value";

/** Each metric per platform, with the sum across platforms; an unreported metric says so. */
export function PlatformTable({ engagement }: { engagement: PostEngagement }) {
  const t = useTranslations("analytics");
  const label = useOpenLabel();
  const format = useFormatter();
  const sums = sumByMetric(engagement.metrics);
  const metrics = metricColumns(engagement.metrics.map((m) => m.metric_type));
  if (engagement.metrics.length === 0) return <p className="text-sm">{t("post.noMetrics")}</p>;
  return (
    <ScrollRegion label={t("post.byPlatform")}>
      <table className="w-full min-w-[640px] text-left text-sm" data-testid="platform-table">
        <caption className="sr-only">{t("post.byPlatform")}</caption>
        <thead>
          <tr className="border-b border-zinc-200 dark:border-zinc-800">
            <th scope="col" className="py-2 pr-3 font-semibold">{t("engagement.metricCol")}</th>
            <th scope="col" className="py-2 pr-3 font-semibold">{t("post.platformCol")}</th>
            <th scope="col" className="py-2 pr-3 text-right font-semibold">{t("post.valueCol")}</th>
            <th scope="col" className="py-2 pr-3 text-right font-semibold">{t("post.previousCol")}</th>
            <th scope="col" className="py-2 pr-3 text-right font-semibold">{t("post.deltaCol")}</th>
            <th scope="col" className="py-2 font-semibold">{t("post.updatedCol")}</th>
          </tr>
        </thead>
        {metrics.map((metric) => {
          const items = engagement.metrics.filter((m) => m.metric_type === metric);
          return (
            <tbody key={metric} className="border-b border-zinc-200 dark:border-zinc-800" data-metric={metric}>
              {items.length === 0 ? (
                <tr>
                  <th scope="row" className="py-2 pr-3 font-medium">{label("metric", metric)}</th>
                  <td colSpan={5} className="py-2"><MetricValue value={undefined} /></td>
                </tr>
              ) : (
                <>
                  {items.map((m, i) => (
                    <tr key={`${m.platform}-${i}`}>
                      <th scope="row" className="py-1 pr-3 font-medium">{i === 0 ? label("metric", metric) : <span className="sr-only">{label("metric", metric)}</span>}</th>
                      <td className="py-1 pr-3">{label("platform", m.platform)}</td>
                      <td className="py-1 pr-3 text-right"><MetricValue value={m.value} /></td>
                      <td className="py-1 pr-3 text-right"><MetricValue value={m.previous_value} /></td>
                      <td className="py-1 pr-3 text-right"><MetricValue value={m.delta} signed /></td>
                      <td className="py-1">{format.dateTime(new Date(m.updated_at), { dateStyle: "short", timeStyle: "short" })}</td>
                    </tr>
                  ))}
                  {items.length > 1 && (
                    <tr className="font-semibold">
                      <th scope="row" className="py-1 pr-3"><span className="sr-only">{label("metric", metric)} </span></th>
                      <td className="py-1 pr-3">{t("post.sumRow")}</td>
                      <td className="py-1 pr-3 text-right"><MetricValue value={sums[metric]} /></td>
                      <td colSpan={3} />
                    </tr>
                  )}
                </>
              )}
            </tbody>
          );
        })}
      </table>
    </ScrollRegion>
  );
}

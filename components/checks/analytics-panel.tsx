"use client";

import { queryOptions, useQuery } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { ScrollRegion } from "@/components/charts/scroll-region";
import { Card, CardTitle } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/query-states";
import { SkeletonLines } from "@/components/ui/skeleton";
import { apiGetRaw, withQuery } from "@/lib/queries/fetch-json";
import type { ChecksAnalytics } from "@/lib/checks/analytics-types";

type Filters = { from: string | null; to: string | null; campaign: number | null };

const queryOf = (f: Filters) => ({ from: f.from ?? undefined, to: f.to ?? undefined, campaign_id: f.campaign ?? undefined });

const checksAnalyticsQuery = (f: Filters) =>
  queryOptions({
    queryKey: ["checks", "analytics", f.from, f.to, f.campaign],
    queryFn: async ({ signal }) => (await apiGetRaw<{ data: ChecksAnalytics }>("/api/analytics/checks", queryOf(f), signal)).data,
  });

const th = "py-1 pr-4 text-left font-medium";
const td = "py-1 pr-4 tabular-nums";

/** What the checks teach, beside the review analytics: decisions on clean vs flagged versions, clean at first version, findings by rule. */
export function ChecksAnalyticsPanel({ filters }: { filters: Filters }) {
  const t = useTranslations("review.checks.analytics");
  const tr = useTranslations("review.checks.rules");
  const format = useFormatter();
  const query = useQuery(checksAnalyticsQuery(filters));
  const pct = (x: number | null) => (x === null ? "—" : format.number(x, { style: "percent", maximumFractionDigits: 0 }));
  // By name; by number only for a campaign the dashboard has no name of.
  const campaign = (id: number) => query.data?.campaigns?.[String(id)] ?? `#${id}`;
  return (
    <Card aria-labelledby="checks-analytics-title" data-testid="checks-analytics" className="min-w-0">
      <CardTitle id="checks-analytics-title">{t("title")}</CardTitle>
      {query.isPending ? (
        <SkeletonLines lines={4} />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <div className="space-y-4 text-sm">
          <ScrollRegion label={t("decisions")}>
            <table>
              <caption className="mb-1 text-left font-medium">{t("decisions")}</caption>
              <thead>
                <tr>
                  <th className={th} scope="col">{t("kind")}</th>
                  <th className={th} scope="col">{t("approved")}</th>
                  <th className={th} scope="col">{t("rejected")}</th>
                  <th className={th} scope="col">{t("approveRate")}</th>
                </tr>
              </thead>
              <tbody>
                {(["clean", "flagged"] as const).map((k) => (
                  <tr key={k} data-kind={k}>
                    <th className={th} scope="row">{t(k)}</th>
                    <td className={td}>{query.data.decisions[k].approved}</td>
                    <td className={td}>{query.data.decisions[k].rejected}</td>
                    <td className={td}>{pct(query.data.decisions[k].approve_rate)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <ScrollRegion label={t("firstVersion")}>
            <table>
              <caption className="mb-1 text-left font-medium">{t("firstVersion")}</caption>
              <thead>
                <tr>
                  <th className={th} scope="col">{t("campaign")}</th>
                  <th className={th} scope="col">{t("posts")}</th>
                  <th className={th} scope="col">{t("cleanShare")}</th>
                </tr>
              </thead>
              <tbody>
                {query.data.first_version.map((f) => (
                  <tr key={f.campaign_id}>
                    <th className={th} scope="row">{campaign(f.campaign_id)}</th>
                    <td className={td}>{f.posts}</td>
                    <td className={td}>{pct(f.share)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <ScrollRegion label={t("byRule")}>
            <table>
              <caption className="mb-1 text-left font-medium">{t("byRule")}</caption>
              <thead>
                <tr>
                  <th className={th} scope="col">{t("campaign")}</th>
                  <th className={th} scope="col">{t("rule")}</th>
                  <th className={th} scope="col">{t("findings")}</th>
                </tr>
              </thead>
              <tbody>
                {totals(query.data.by_rule).map((r) => (
                  <tr key={`${r.campaign_id}:${r.rule}`}>
                    <td className={td}>{campaign(r.campaign_id)}</td>
                    <td className={td}>{tr.has(r.rule as never) ? tr(r.rule as never) : r.rule}</td>
                    <td className={td}>{r.count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <a className="text-blue-800 underline dark:text-blue-300" href={withQuery("/api/analytics/checks", { ...queryOf(filters), format: "csv" })} download>
            {t("export")}
          </a>
        </div>
      )}
    </Card>
  );
}

/** The range's findings per campaign and rule (the export keeps them per day). */
function totals(rows: ChecksAnalytics["by_rule"]): { campaign_id: number; rule: string; count: number }[] {
  const m = new Map<string, { campaign_id: number; rule: string; count: number }>();
  for (const r of rows) {
    const k = `${r.campaign_id}:${r.rule}`;
    const e = m.get(k) ?? { campaign_id: r.campaign_id, rule: r.rule, count: 0 };
    e.count += r.count;
    m.set(k, e);
  }
  return [...m.values()].sort((a, b) => b.count - a.count);
}

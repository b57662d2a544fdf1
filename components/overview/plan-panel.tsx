"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations, useFormatter } from "next-intl";
import { useZone } from "@/i18n/use-zone";
import { useOpenLabel } from "@/components/campaigns/use-labels";
import { Badge } from "@/components/ui/badge";
import { Card, CardTitle } from "@/components/ui/card";
import { daysLeft } from "@/lib/analytics/dates";
import { accountQuery } from "@/lib/queries/account";
import { QueryPanel } from "./query-panel";
import { UsageBar } from "./usage-bar";
import { quotaUsage } from "@/lib/analytics/quota";

export function PlanPanel() {
  const t = useTranslations("analytics.overview");
  const label = useOpenLabel();
  const format = useFormatter();
  const timeZone = useZone();
  const query = useQuery(accountQuery());
  return (
    <Card aria-labelledby="plan-title">
      <CardTitle id="plan-title">{t("plan")}</CardTitle>
      <QueryPanel query={query}>
        {(account) => {
          const left = daysLeft(account.subscription.active_until, new Date(), timeZone);
          const { is_active: active, is_trial: trial } = account.subscription;
          return (
            <div className="space-y-2">
              <p className="text-lg font-semibold" data-testid="plan-name">
                {account.plan.name}
              </p>
              <p className="text-sm" data-testid="plan-tier">
                {t("tier", { tier: label("tier", account.plan.tier) })}
              </p>
              <h3 className="sr-only">{t("subscription")}</h3>
              <div className="flex flex-wrap items-center gap-2">
                <Badge tone={active ? "success" : "danger"}>{active ? t("active") : t("inactive")}</Badge>
                {trial && <Badge tone="info">{t("trial")}</Badge>}
              </div>
              <p className="text-sm">
                {t("activeUntil", {
                  date: format.dateTime(new Date(account.subscription.active_until), { dateStyle: "long" }),
                })}
                {" · "}
                <span className={left <= 7 ? "font-semibold" : undefined}>{left < 0 ? t("expired") : t("daysLeft", { count: left })}</span>
              </p>
            </div>
          );
        }}
      </QueryPanel>
    </Card>
  );
}

export function QuotaPanel() {
  const t = useTranslations("analytics.overview");
  const query = useQuery(accountQuery());
  return (
    <Card aria-labelledby="quota-title">
      <CardTitle id="quota-title">{t("quotas")}</CardTitle>
      <QueryPanel query={query} lines={6}>
        {(account) => (
          <div className="space-y-4">
            {(["posts", "images", "previews"] as const).map((k) => (
              <UsageBar key={k} label={t(`quota.${k}`)} usage={quotaUsage(account.quota[k])} />
            ))}
          </div>
        )}
      </QueryPanel>
    </Card>
  );
}

"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { Card, CardTitle } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/query-states";
import { SkeletonLines } from "@/components/ui/skeleton";
import { usage } from "@/lib/analytics/quota";
import { accountQuery } from "@/lib/queries/account";
import { ALL_CAMPAIGN_STATUSES, campaignsQuery } from "@/lib/queries/campaigns";
import { projectsQuery } from "@/lib/queries/projects";
import { UsageBar } from "./usage-bar";

/**
 * What is in use against the plan's entity limits. Campaigns are counted in
 * every status (the API's default would hide drafts and completed ones);
 * channels are the sum of the projects' own counts, which saves a call per project.
 */
export function LimitsPanel() {
  const t = useTranslations("analytics.overview");
  const account = useQuery(accountQuery());
  const projects = useQuery(projectsQuery());
  const campaigns = useQuery(campaignsQuery({ statuses: ALL_CAMPAIGN_STATUSES }));
  const queries = [account, projects, campaigns];
  const failed = queries.find((q) => q.isError);

  let body: React.ReactNode;
  if (failed) {
    body = <ErrorState error={failed.error} onRetry={() => queries.filter((q) => q.isError).forEach((q) => void q.refetch())} />;
  } else if (!account.data || !projects.data || !campaigns.data) {
    body = <SkeletonLines lines={6} />;
  } else {
    const limits = account.data.data.limits;
    const projectList = projects.data.data.projects;
    const channels = projectList.reduce((sum, p) => sum + p.channels_count, 0);
    body = (
      <div className="space-y-4">
        <UsageBar label={t("limit.projects")} usage={usage(projectList.length, limits.max_projects)} />
        <UsageBar label={t("limit.campaigns")} usage={usage(campaigns.data.data.campaigns.length, limits.max_campaigns)} />
        <UsageBar label={t("limit.channels")} usage={usage(channels, limits.max_channels)} />
      </div>
    );
  }
  return (
    <Card aria-labelledby="limits-title">
      <CardTitle id="limits-title">{t("limits")}</CardTitle>
      {body}
    </Card>
  );
}

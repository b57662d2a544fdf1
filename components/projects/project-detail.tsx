"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations, useFormatter } from "next-intl";
import { useState } from "react";
import { Channels } from "@/components/campaigns/detail/campaign-detail";
import { CampaignDataTable } from "@/components/campaigns/table/data-table";
import { TextLink } from "@/components/campaigns/text-link";
import { QueryPanel } from "@/components/overview/query-panel";
import { Card, CardTitle } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/query-states";
import { SkeletonLines } from "@/components/ui/skeleton";
import { ALL_CAMPAIGN_STATUSES, campaignsQuery } from "@/lib/queries/campaigns";
import { projectChannelsQuery, projectQuery } from "@/lib/queries/projects";
import { CAMPAIGN_STATUSES } from "@/lib/schemas/values";
import { DEFAULT_CAMPAIGN_SORT, campaignsUrlQuery, type CampaignSort } from "@/lib/url-state/campaigns";

export function ProjectDetail({ id }: { id: number }) {
  const t = useTranslations("analytics.projects");
  const format = useFormatter();
  const project = useQuery(projectQuery(id));
  return (
    <QueryPanel query={project} lines={6}>
      {(p) => (
        <div className="space-y-4">
          <header>
            <h1 className="text-2xl font-semibold">{p.name}</h1>
            <p className="text-xs text-zinc-600 dark:text-zinc-400">
              {t("created", { date: format.dateTime(new Date(p.created_at), { dateStyle: "medium" }) })}
            </p>
          </header>
          <Card aria-labelledby="project-about">
            <CardTitle id="project-about" className="sr-only">
              {t("description")}
            </CardTitle>
            <dl className="space-y-3 text-sm">
              {[
                [t("description"), p.description],
                [t("niche"), p.niche_description],
                [t("audience"), p.target_audience],
              ].map(([k, v]) => (
                <div key={k}>
                  <dt className="font-medium text-zinc-600 dark:text-zinc-400">{k}</dt>
                  <dd className="whitespace-pre-line">{v}</dd>
                </div>
              ))}
            </dl>
          </Card>
          <ProjectChannels id={id} />
          <ProjectCampaigns id={id} />
        </div>
      )}
    </QueryPanel>
  );
}

function ProjectChannels({ id }: { id: number }) {
  const query = useQuery(projectChannelsQuery(id));
  if (query.isPending) return <SkeletonLines lines={3} />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return <Channels channels={query.data.data.channels} titleId="project-channels" />;
}

function ProjectCampaigns({ id }: { id: number }) {
  const t = useTranslations("analytics.projects");
  const [sort, setSort] = useState<CampaignSort>(DEFAULT_CAMPAIGN_SORT);
  const query = useQuery(campaignsQuery({ projectId: id, statuses: ALL_CAMPAIGN_STATUSES }));
  return (
    <Card aria-labelledby="project-campaigns">
      <CardTitle id="project-campaigns">{t("campaignsTitle")}</CardTitle>
      <QueryPanel query={query}>
        {({ campaigns }) =>
          campaigns.length === 0 ? (
            <p className="text-sm">{t("noCampaigns")}</p>
          ) : (
            <div className="space-y-2">
              <CampaignDataTable rows={campaigns} sort={sort} onSortChange={setSort} />
              <TextLink href={`/campaigns${campaignsUrlQuery({ project: id, statuses: [...CAMPAIGN_STATUSES] })}`} className="text-sm">
                {t("allCampaigns")}
              </TextLink>
            </div>
          )
        }
      </QueryPanel>
    </Card>
  );
}

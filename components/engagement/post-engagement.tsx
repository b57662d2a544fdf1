"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { TextLink } from "@/components/campaigns/text-link";
import { Freshness } from "@/components/charts/freshness";
import { QueryPanel } from "@/components/overview/query-panel";
import { Card, CardTitle } from "@/components/ui/card";
import { postEngagementQuery } from "@/lib/queries/engagement";
import { postQuery } from "@/lib/queries/posts";
import { HistoryPanel } from "./history-panel";
import { PlatformTable } from "./platform-table";
import { usePostEngagementUrl } from "./use-engagement-url";

export function PostEngagement({ id }: { id: number }) {
  const t = useTranslations("analytics.post");
  const [state, setState] = usePostEngagementUrl(id);
  const post = useQuery(postQuery(id));
  const engagement = useQuery(postEngagementQuery(id));
  const campaign = post.data?.data;

  return (
    <div className="space-y-4">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold">{t("title", { id })}</h1>
        <p className="flex flex-wrap gap-4 text-sm">
          <TextLink href={`/posts/${id}`}>{t("back")}</TextLink>
          {campaign && (
            <TextLink href={`/campaigns/${campaign.campaign_id}/engagement`}>{t("campaign", { name: campaign.campaign_name })}</TextLink>
          )}
        </p>
      </header>
      <Card aria-labelledby="platform-title">
        <CardTitle id="platform-title">{t("byPlatform")}</CardTitle>
        <QueryPanel query={engagement}>
          {(data, response) => (
            <>
              <PlatformTable engagement={data} />
              <div className="mt-2">
                <Freshness
                  meta={response.meta}
                  collectedAt={data.metrics.reduce<string | null>((a, m) => (!a || Date.parse(m.updated_at) > Date.parse(a) ? m.updated_at : a), null)}
                />
              </div>
            </>
          )}
        </QueryPanel>
      </Card>
      <Card aria-labelledby="history-title">
        <CardTitle id="history-title">{t("history")}</CardTitle>
        <HistoryPanel postId={id} campaignId={campaign?.campaign_id} state={state} onChange={setState} />
      </Card>
    </div>
  );
}

"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations, useFormatter } from "next-intl";
import { QueryPanel } from "@/components/overview/query-panel";
import { Badge } from "@/components/ui/badge";
import { Card, CardTitle } from "@/components/ui/card";
import { useZone } from "@/i18n/use-zone";
import { calendarDay } from "@/lib/analytics/dates";
import { describeSchedule } from "@/lib/analytics/schedule";
import { campaignQuery } from "@/lib/queries/campaigns";
import type { CampaignDetail as Campaign, Channel } from "@/lib/schemas";
import { CampaignStatusBadge } from "../status-badge";
import { TextLink } from "../text-link";
import { DAY, dayToDate, useOpenLabel } from "../use-labels";
import { LatestPost } from "./latest-post";

const STAT_KEYS = ["total", "published", "waiting_approval", "scheduled", "failed"] as const;

export function CampaignDetail({ id }: { id: number }) {
  const query = useQuery(campaignQuery(id));
  return (
    <QueryPanel query={query} lines={8}>
      {(campaign) => (
        <div className="space-y-4">
          <Header campaign={campaign} />
          <div className="grid gap-4 lg:grid-cols-2">
            <Settings campaign={campaign} />
            <Stats campaign={campaign} />
            <Schedules campaign={campaign} />
            <Channels channels={campaign.channels} />
          </div>
          <LatestPost campaignId={campaign.id} />
        </div>
      )}
    </QueryPanel>
  );
}

function Header({ campaign }: { campaign: Campaign }) {
  const t = useTranslations("analytics.campaign");
  return (
    <header className="space-y-2">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">{campaign.name}</h1>
        <CampaignStatusBadge status={campaign.status} />
      </div>
      <p className="text-sm">
        {t("project")}: <TextLink href={`/projects/${campaign.project_id}`}>{campaign.project_name}</TextLink>
      </p>
      <nav aria-label={campaign.name} className="flex flex-wrap gap-4 text-sm font-medium">
        <TextLink href={`/campaigns/${campaign.id}/queue`}>{t("openQueue")}</TextLink>
        <TextLink href={`/campaigns/${campaign.id}/engagement`}>{t("openEngagement")}</TextLink>
      </nav>
    </header>
  );
}

function Settings({ campaign }: { campaign: Campaign }) {
  const t = useTranslations("analytics.campaign");
  const label = useOpenLabel();
  const format = useFormatter();
  const day = (d: string) => format.dateTime(dayToDate(d), { ...DAY, dateStyle: "long" });
  const rows: [string, React.ReactNode][] = [
    [t("type"), label("campaignType", campaign.campaign_type)],
    [t("approvalMode"), label("approvalMode", campaign.approval_mode)],
    [t("lengthFormat"), label("lengthFormat", campaign.post_length_format)],
    [
      t("dates"),
      campaign.end_date
        ? t("dateRange", { start: day(campaign.start_date), end: day(campaign.end_date) })
        : t("openEnded", { start: day(campaign.start_date) }),
    ],
    [t("images"), campaign.generate_images ? t("yes") : t("no")],
  ];
  return (
    <Card aria-labelledby="settings-title">
      <CardTitle id="settings-title">{t("details")}</CardTitle>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-zinc-600 dark:text-zinc-400">{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

function Stats({ campaign }: { campaign: Campaign }) {
  const t = useTranslations("analytics.campaign");
  const format = useFormatter();
  return (
    <Card aria-labelledby="stats-title">
      <CardTitle id="stats-title">{t("stats")}</CardTitle>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="campaign-stats">
        {STAT_KEYS.map((k) => (
          <div key={k} className="rounded-md bg-zinc-50 p-2 dark:bg-zinc-800">
            <dt className="text-xs text-zinc-600 dark:text-zinc-300">{t(`stat.${k}`)}</dt>
            <dd className="text-xl font-semibold tabular-nums">{format.number(campaign.stats[k])}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

function Schedules({ campaign }: { campaign: Campaign }) {
  const t = useTranslations("analytics");
  // Times in the reader's zone, as the calendar's slots are (the service's schedules run on Moscow's clock),
  // and in their language's form, as the page's other times ("8:30 AM", "08:30").
  const timeZone = useZone();
  const format = useFormatter();
  const clock = { timeZone, day: calendarDay(new Date(), timeZone), format };
  return (
    <Card aria-labelledby="schedules-title">
      <CardTitle id="schedules-title">{t("campaign.schedules")}</CardTitle>
      {campaign.schedules.length === 0 ? (
        <p className="text-sm">{t("campaign.noSchedules")}</p>
      ) : (
        <ul className="list-disc space-y-1 pl-5 text-sm" data-testid="schedules">
          {campaign.schedules.map((s) => (
            <li key={s.id}>{describeSchedule(s, t, clock)}</li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export function Channels({ channels, titleId = "channels-title" }: { channels: Channel[]; titleId?: string }) {
  const t = useTranslations("analytics");
  const label = useOpenLabel();
  return (
    <Card aria-labelledby={titleId}>
      <CardTitle id={titleId}>{t("campaign.channels")}</CardTitle>
      {channels.length === 0 ? (
        <p className="text-sm">{t("campaign.noChannels")}</p>
      ) : (
        <ul className="space-y-2 text-sm">
          {channels.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{c.name}</span>
              <Badge>{label("platform", c.platform)}</Badge>
              <Badge tone={c.is_active ? "success" : "neutral"}>
                {c.is_active ? t("projects.channelActive") : t("projects.channelInactive")}
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations, useFormatter } from "next-intl";
import { useZone } from "@/i18n/use-zone";
import { PostStatusBadge } from "@/components/post/status-badge";
import { TextLink } from "@/components/campaigns/text-link";
import { DAY, dayToDate } from "@/components/campaigns/use-labels";
import { Card, CardTitle } from "@/components/ui/card";
import { calendarDay, endingSoon } from "@/lib/analytics/dates";
import { ALL_CAMPAIGN_STATUSES, campaignsQuery } from "@/lib/queries/campaigns";
import { attentionQuery } from "@/lib/queries/overview";
import type { CampaignListItem, OverviewAttention } from "@/lib/schemas";
import { QueryPanel } from "./query-panel";

/**
 * What needs attention. Waiting counts and failed posts of every active
 * campaign come in one answer cut from the campaign mirrors in the database
 * (GET /api/overview/attention), not a detail and a list per campaign;
 * campaigns whose posts are still loading (a fresh install) are counted, and
 * the answer is asked again until they are in.
 */
export function AttentionPanel() {
  const t = useTranslations("analytics.overview");
  const campaigns = useQuery(campaignsQuery({ statuses: ALL_CAMPAIGN_STATUSES }));
  const attention = useQuery(attentionQuery());
  return (
    <Card aria-labelledby="attention-title" className="lg:col-span-3">
      <CardTitle id="attention-title">{t("attention")}</CardTitle>
      <QueryPanel query={campaigns} lines={5}>
        {({ campaigns: list }) => (
          <div className="grid gap-6 md:grid-cols-3">
            <div className="md:col-span-2">
              <QueryPanel query={attention} lines={4}>
                {(data) => <Attention data={data} />}
              </QueryPanel>
            </div>
            <EndingSoon campaigns={list} />
          </div>
        )}
      </QueryPanel>
    </Card>
  );
}

function Attention({ data }: { data: OverviewAttention }) {
  const t = useTranslations("analytics.overview");
  const { waiting, failed, loading } = data;
  return (
    <div className="grid gap-6 md:grid-cols-2">
      {loading > 0 && (
        <p className="text-sm text-zinc-700 md:col-span-2 dark:text-zinc-300" role="status" data-testid="attention-loading">
          {t("campaignsLoading", { count: loading })}
        </p>
      )}
      <section aria-labelledby="waiting-title">
        <h3 id="waiting-title" className="mb-2 text-sm font-semibold">
          {t("waiting")}
        </h3>
        {waiting.length === 0 ? (
          loading > 0 ? null : <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("noWaiting")}</p>
        ) : (
          <ul className="space-y-2 text-sm" data-testid="waiting-list">
            {waiting.map((c) => (
              <li key={c.id} className="flex flex-wrap items-baseline justify-between gap-2">
                <TextLink href={`/campaigns/${c.id}/queue`} aria-label={t("openQueue", { name: c.name })}>
                  {c.name}
                </TextLink>
                <span className="font-semibold tabular-nums">{t("waitingCount", { count: c.count })}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="failed-title">
        <h3 id="failed-title" className="text-sm font-semibold">
          {t("failed")}
        </h3>
        <p className="mb-2 text-xs text-zinc-600 dark:text-zinc-400">{t("failedScope")}</p>
        {failed.length === 0 ? (
          loading > 0 ? null : <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("noFailed")}</p>
        ) : (
          <ul className="space-y-3 text-sm" data-testid="failed-list">
            {failed.map(({ id, name, total, posts }) => (
              <li key={id}>
                <p className="flex flex-wrap justify-between gap-2">
                  <TextLink href={`/campaigns/${id}`}>{name}</TextLink>
                  <span className="font-semibold">{t("failedCount", { count: total })}</span>
                </p>
                {posts.length > 0 && (
                  <ul className="mt-1 space-y-1 pl-3">
                    {posts.map((p) => (
                      <li key={p.task_id} className="flex flex-wrap items-center gap-2">
                        <TextLink href={`/posts/${p.task_id}`}>{t("openPost", { id: p.task_id })}</TextLink>
                        <PostStatusBadge status={p.status} />
                      </li>
                    ))}
                  </ul>
                )}
                {total > posts.length && (
                  <p className="mt-1 pl-3 text-xs text-zinc-600 dark:text-zinc-400">{t("failedShown", { shown: posts.length, total })}</p>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function EndingSoon({ campaigns }: { campaigns: CampaignListItem[] }) {
  const t = useTranslations("analytics.overview");
  const format = useFormatter();
  const timeZone = useZone();
  const soon = endingSoon(
    campaigns.filter((c) => c.status === "ACTIVE" || c.status === "FROZEN"),
    calendarDay(new Date(), timeZone),
  );
  return (
    <section aria-labelledby="soon-title">
      <h3 id="soon-title" className="mb-2 text-sm font-semibold">
        {t("endingSoon")}
      </h3>
      {soon.length === 0 ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("noEndingSoon")}</p>
      ) : (
        <ul className="space-y-2 text-sm">
          {soon.map((c) => (
            <li key={c.id} className="flex flex-wrap items-baseline justify-between gap-2">
              <TextLink href={`/campaigns/${c.id}`}>{c.name}</TextLink>
              <span>
                {t("endsOn", { date: format.dateTime(dayToDate(c.end_date ?? ""), { ...DAY, dateStyle: "medium" }) })}
                {" · "}
                <strong>{t("daysLeft", { count: c.daysLeft })}</strong>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

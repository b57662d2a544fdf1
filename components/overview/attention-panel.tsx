"use client";

import { useQueries, useQuery } from "@tanstack/react-query";
import { useTranslations, useFormatter } from "next-intl";
import { useZone } from "@/i18n/use-zone";
import { PostStatusBadge } from "@/components/post/status-badge";
import { TextLink } from "@/components/campaigns/text-link";
import { DAY, dayToDate } from "@/components/campaigns/use-labels";
import { Card, CardTitle } from "@/components/ui/card";
import { SkeletonLines } from "@/components/ui/skeleton";
import { calendarDay, endingSoon } from "@/lib/analytics/dates";
import { ALL_CAMPAIGN_STATUSES, campaignPostBriefsQuery, campaignQuery, campaignsQuery } from "@/lib/queries/campaigns";
import type { CampaignListItem } from "@/lib/schemas";
import { FAILED_FILTER, failedGroups, uncheckedCount } from "./failed";
import { QueryPanel } from "./query-panel";

/**
 * What needs attention. Waiting counts come from each active campaign's detail
 * (`stats`); failed posts (count and rows) from a 5-post page per active
 * campaign: a handful of cached calls, not one per post.
 */
export function AttentionPanel() {
  const t = useTranslations("analytics.overview");
  const campaigns = useQuery(campaignsQuery({ statuses: ALL_CAMPAIGN_STATUSES }));
  return (
    <Card aria-labelledby="attention-title" className="lg:col-span-3">
      <CardTitle id="attention-title">{t("attention")}</CardTitle>
      <QueryPanel query={campaigns} lines={5}>
        {({ campaigns: list }) => <Attention campaigns={list} />}
      </QueryPanel>
    </Card>
  );
}

function Attention({ campaigns }: { campaigns: CampaignListItem[] }) {
  const t = useTranslations("analytics.overview");
  const format = useFormatter();
  const timeZone = useZone();
  const active = campaigns.filter((c) => c.status === "ACTIVE");
  const details = useQueries({ queries: active.map((c) => campaignQuery(c.id)) });
  const failedPosts = useQueries({ queries: active.map((c) => campaignPostBriefsQuery(c.id, FAILED_FILTER)) });
  const done = details.filter((d) => !d.isPending).length;

  const waiting = active.flatMap((c, i) => {
    const stats = details[i]?.data?.data.stats;
    return stats && stats.waiting_approval > 0 ? [{ campaign: c, count: stats.waiting_approval }] : [];
  });
  const failed = failedGroups(active, failedPosts.map((q) => q.data?.data));
  const failedLoading = failedPosts.some((q) => q.isPending);
  const unchecked = uncheckedCount(failedPosts.map((q) => ({ data: q.data?.data, isError: q.isError })));
  const soon = endingSoon(
    campaigns.filter((c) => c.status === "ACTIVE" || c.status === "FROZEN"),
    calendarDay(new Date(), timeZone),
  );
  const loading = done < active.length;

  return (
    <div className="grid gap-6 md:grid-cols-3">
      <section aria-labelledby="waiting-title" aria-busy={loading}>
        <h3 id="waiting-title" className="mb-2 text-sm font-semibold">
          {t("waiting")}
        </h3>
        {loading && (
          <p className="mb-2 text-xs text-zinc-600 dark:text-zinc-400" role="status">
            {t("checked", { done, total: active.length })}
          </p>
        )}
        {waiting.length === 0 ? (
          loading ? <SkeletonLines lines={2} /> : <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("noWaiting")}</p>
        ) : (
          <ul className="space-y-2 text-sm" data-testid="waiting-list">
            {waiting.map(({ campaign, count }) => (
              <li key={campaign.id} className="flex flex-wrap items-baseline justify-between gap-2">
                <TextLink href={`/campaigns/${campaign.id}/queue`} aria-label={t("openQueue", { name: campaign.name })}>
                  {campaign.name}
                </TextLink>
                <span className="font-semibold tabular-nums">{t("waitingCount", { count })}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="failed-title" aria-busy={failedLoading}>
        <h3 id="failed-title" className="text-sm font-semibold">
          {t("failed")}
        </h3>
        <p className="mb-2 text-xs text-zinc-600 dark:text-zinc-400">{t("failedScope")}</p>
        {unchecked > 0 && (
          <p className="mb-2 text-sm font-medium text-amber-900 dark:text-amber-200" data-testid="failed-unchecked">
            <span aria-hidden="true">⚠ </span>
            {t("failedUnchecked", { count: unchecked })}
          </p>
        )}
        {failed.length === 0 ? (
          failedLoading ? <SkeletonLines lines={2} /> : unchecked > 0 ? null : <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("noFailed")}</p>
        ) : (
          <ul className="space-y-3 text-sm" data-testid="failed-list">
            {failed.map(({ campaign, total, posts }) => (
              <li key={campaign.id}>
                <p className="flex flex-wrap justify-between gap-2">
                  <TextLink href={`/campaigns/${campaign.id}`}>{campaign.name}</TextLink>
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
    </div>
  );
}

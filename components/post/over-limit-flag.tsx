"use client";

import { queryOptions, useQueries, useQuery, useQueryClient, type UseQueryResult } from "@tanstack/react-query";
import { useTranslations, useFormatter } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/cn";
import { channelPlatforms, overLimits } from "@/lib/posts/over-limit";
import { campaignQuery } from "@/lib/queries/campaigns";
import { apiRead } from "@/lib/queries/fetch-json";
import type { Post } from "@/lib/schemas";
import { PLATFORMS } from "@/lib/schemas/values";
import { useEnumLabel } from "./labels";
import { usePost } from "./use-post";

/**
 * A badge per platform whose limit the post's text exceeds ("⚠ Длиннее лимита
 * Telegram: 1 203 из 1 024"): icon and words, not colour alone; the words are
 * the accessible name. Nothing when the text fits everywhere. `platforms` are
 * the campaign's (useCampaignPlatforms for rows, channelPlatforms for a detail).
 */
export function OverLimitFlag({ post, platforms, className }: { post: Pick<Post, "text" | "media">; platforms: readonly string[]; className?: string }) {
  const t = useTranslations("review.post");
  const format = useFormatter();
  const platformLabel = useEnumLabel("platform", PLATFORMS);
  const over = overLimits(post, platforms);
  if (over.length === 0) return null;
  return (
    <span className={cn("inline-flex flex-wrap gap-1", className)} data-over-limit>
      {over.map((o) => (
        <Badge
          key={o.platform}
          tone="danger"
          // Wraps rather than overflow a phone's panel or a narrow table cell.
          className="max-w-full rounded-lg whitespace-normal"
          data-platform={o.platform}
          // The why of 1024 for a pointer's hover; the post page's previews say it in full.
          title={o.kind === "caption" ? t("preview.captionHint", { max: format.number(o.limit) }) : undefined}
        >
          <span aria-hidden="true">⚠</span>
          {t(o.kind === "caption" ? "overLimitFlag.caption" : "overLimitFlag.message", {
            platform: platformLabel(o.platform),
            length: format.number(o.length),
            limit: format.number(o.limit),
          })}
        </Badge>
      ))}
    </span>
  );
}

/**
 * The flag on the post page, beside the decision. The campaign detail is the
 * one the previews panel loads (same key, so no second read), observed without
 * suspending: the decision panel never waits for it, and until it comes no
 * flag shows.
 */
export function PostOverLimit({ id }: { id: number }) {
  const post = usePost(id).data.data;
  const channels = useQuery(campaignQuery(post.campaign_id)).data?.data.channels;
  if (!channels) return null;
  return <OverLimitFlag post={post} platforms={channelPlatforms(channels)} className="mb-3" />;
}

const PLATFORMS_STALE_MS = 10 * 60_000;

/**
 * A campaign's platforms for list rows, under a key of their own. Rows must
 * not observe the campaign detail (campaignQuery): every decision fires a
 * campaign event that refetches it wherever it is watched
 * (lib/events/invalidate.ts), and the server drops its cached detail on a
 * decision, so the queue would pay an upstream read per decision for numbers
 * it does not show. Channels change only in the service's own settings:
 * read once per 10 minutes, through the same route and server cache.
 */
export const campaignPlatformsQuery = (campaignId: number) =>
  queryOptions({
    queryKey: ["campaigns", campaignId, "platforms"] as const,
    queryFn: async ({ signal }) => {
      // A person's read, not the background lane: the flag gates an approval (no one-key approval of an
      // over-limit post), and a background read is refused once 40 % of the budget is spent.
      const { data } = await apiRead("campaign", `/api/campaigns/${campaignId}`, { signal });
      return { campaignId, platforms: channelPlatforms(data.channels) };
    },
    staleTime: PLATFORMS_STALE_MS,
  });

type Platforms = { campaignId: number; platforms: string[] };
const byCampaign = (results: UseQueryResult<Platforms>[]): ReadonlyMap<number, readonly string[]> =>
  new Map(results.flatMap((r) => (r.data ? [[r.data.campaignId, r.data.platforms] as const] : [])));

/**
 * Platforms per campaign id, for the rows of the queue (one id) and the inbox
 * (the ids on screen): one read per campaign, none when the campaign's page or
 * a post page already holds its detail. A campaign still loading is missing
 * from the map: pass `get(id) ?? []` (no flag until known).
 */
export function useCampaignPlatforms(campaignIds: readonly number[]): ReadonlyMap<number, readonly string[]> {
  const client = useQueryClient();
  return useQueries({
    queries: [...new Set(campaignIds)].map((id) => ({
      ...campaignPlatformsQuery(id),
      initialData: () => {
        const detail = client.getQueryData(campaignQuery(id).queryKey);
        return detail && { campaignId: id, platforms: channelPlatforms(detail.data.channels) };
      },
      initialDataUpdatedAt: () => client.getQueryState(campaignQuery(id).queryKey)?.dataUpdatedAt,
    })),
    combine: byCampaign,
  });
}

"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations, useFormatter } from "next-intl";
import { QueryPanel } from "@/components/overview/query-panel";
import { useEnumLabel } from "@/components/post/labels";
import { PostStatusBadge } from "@/components/post/status-badge";
import { Card, CardTitle } from "@/components/ui/card";
import { latestPostQuery } from "@/lib/queries/campaigns";
import { POST_TYPES } from "@/lib/schemas/values";
import { TextLink } from "../text-link";

/** The latest published post; "none yet" is a normal state (the upstream's 404 no_posts). */
export function LatestPost({ campaignId }: { campaignId: number }) {
  const t = useTranslations("analytics.campaign");
  const format = useFormatter();
  const typeLabel = useEnumLabel("postType", POST_TYPES);
  const query = useQuery(latestPostQuery(campaignId));
  return (
    <Card aria-labelledby="latest-title">
      <CardTitle id="latest-title">{t("latest")}</CardTitle>
      <QueryPanel query={query}>
        {(post) =>
          post === null ? (
            <p className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="no-posts">
              {t("noPosts")}
            </p>
          ) : (
            <article className="space-y-2" data-testid="latest-post">
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <PostStatusBadge status={post.status} />
                <span>{t("media", { type: typeLabel(post.post_type) })}</span>
                {post.published_at && (
                  <span className="text-zinc-600 dark:text-zinc-400">
                    {t("publishedAt", { time: format.dateTime(new Date(post.published_at), { dateStyle: "medium", timeStyle: "short" }) })}
                  </span>
                )}
              </div>
              <p className="line-clamp-4 whitespace-pre-line text-sm">{post.text}</p>
              <TextLink href={`/posts/${post.task_id}`} className="text-sm font-medium">
                {t("openPost")}
              </TextLink>
            </article>
          )
        }
      </QueryPanel>
    </Card>
  );
}

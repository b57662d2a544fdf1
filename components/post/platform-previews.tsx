"use client";

import { useSuspenseQuery } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/cn";
import { campaignQuery } from "@/lib/queries/campaigns";
import type { Channel, Post, PostDetail } from "@/lib/schemas";
import { PLATFORMS } from "@/lib/schemas/values";
import { useEnumLabel } from "./labels";
import { platformLimit, textLength } from "./platform-limits";
import { usePost } from "./use-post";

/** The Post object as a webhook would receive it: the list-item fields, without versions and records. */
function webhookPayload(post: PostDetail): Post {
  const { task_id, campaign_id, campaign_name, text, status, post_type, published_at, created_at, updated_at, media } = post;
  return { task_id, campaign_id, campaign_name, text, status, post_type, published_at, created_at, updated_at, media };
}

const BUBBLE: Record<string, string> = {
  TELEGRAM: "bg-sky-50 border-sky-200 dark:bg-sky-950 dark:border-sky-800",
  VK: "bg-blue-50 border-blue-200 dark:bg-blue-950 dark:border-blue-800",
  MAX: "bg-violet-50 border-violet-200 dark:bg-violet-950 dark:border-violet-800",
};

/** How the post will look in each channel of its campaign, with its length against the platform's limit. */
export function PlatformPreviews({ id }: { id: number }) {
  const t = useTranslations("review.post.preview");
  const post = usePost(id).data.data;
  const campaign = useSuspenseQuery(campaignQuery(post.campaign_id)).data.data;
  if (campaign.channels.length === 0) return <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("noChannels")}</p>;
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {campaign.channels.map((channel) => (
        <li key={channel.id}>
          <ChannelPreview channel={channel} post={post} />
        </li>
      ))}
    </ul>
  );
}

function ChannelPreview({ channel, post }: { channel: Channel; post: PostDetail }) {
  const t = useTranslations("review.post.preview");
  const platformLabel = useEnumLabel("platform", PLATFORMS);
  const media = post.media;
  const images = media?.images.length ?? 0;
  const hasMedia = images > 0 || !!media?.video || (media?.documents.length ?? 0) > 0;
  const attachments = [
    images > 1 ? t("attachAlbum", { count: images }) : images === 1 ? t("attachImage") : null,
    media?.video ? t("attachVideo", { name: media.video.filename }) : null,
    ...(media?.documents ?? []).map((d) => t("attachDocument", { name: d.filename })),
  ].filter((a): a is string => a !== null);

  return (
    <article className="space-y-2" data-platform={channel.platform} aria-label={`${platformLabel(channel.platform)}: ${channel.name}`}>
      <header className="flex flex-wrap items-center gap-2 text-sm">
        <Badge tone="info">{platformLabel(channel.platform)}</Badge>
        <span className="font-medium">{channel.name}</span>
        {!channel.is_active && <Badge>{t("inactive")}</Badge>}
      </header>
      {channel.platform === "WEBHOOK" ? (
        <div>
          <p className="mb-1 text-xs text-zinc-700 dark:text-zinc-300">{t("webhookPayload")}</p>
          <pre
            tabIndex={0}
            aria-label={t("webhookPayload")}
            className="max-h-80 overflow-auto rounded-md border border-zinc-200 bg-zinc-50 p-3 text-xs dark:border-zinc-800 dark:bg-zinc-950"
          >
            {JSON.stringify(webhookPayload(post), null, 2)}
          </pre>
        </div>
      ) : (
        <>
          <div
            className={cn(
              "rounded-2xl rounded-bl-sm border p-3 text-sm shadow-sm",
              BUBBLE[channel.platform] ?? "border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-950",
            )}
          >
            {attachments.length > 0 && (
              <ul className="mb-2 space-y-1 text-xs text-zinc-700 dark:text-zinc-300">
                {attachments.map((a) => (
                  <li key={a}>
                    <span aria-hidden="true">📎 </span>
                    {a}
                  </li>
                ))}
              </ul>
            )}
            {/* Long texts scroll inside the bubble; focusable so keyboard users can scroll it too. */}
            <p
              tabIndex={0}
              className="max-h-72 overflow-auto break-words whitespace-pre-wrap focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
            >
              {post.text}
            </p>
          </div>
          <LengthMeter text={post.text} platform={channel.platform} hasMedia={hasMedia} />
        </>
      )}
    </article>
  );
}

function LengthMeter({ text, platform, hasMedia }: { text: string; platform: string; hasMedia: boolean }) {
  const t = useTranslations("review.post.preview");
  const format = useFormatter();
  const limit = platformLimit(platform, hasMedia);
  const length = textLength(text);
  if (!limit) return <p className="text-xs text-zinc-700 dark:text-zinc-300">{t("lengthNoLimit", { length: format.number(length) })}</p>;
  const over = length - limit.max;
  return (
    <p
      data-over-limit={over > 0 ? "true" : "false"}
      className={cn("text-xs", over > 0 ? "font-semibold text-red-800 dark:text-red-300" : "text-zinc-700 dark:text-zinc-300")}
    >
      {t(limit.kind === "caption" ? "lengthCaption" : "lengthText", { length: format.number(length), max: format.number(limit.max) })}
      {over > 0 && (
        <>
          {" "}
          <span aria-hidden="true">⚠ </span>
          {t("overLimit", { count: over })}
        </>
      )}
    </p>
  );
}

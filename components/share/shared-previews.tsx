"use client";

import { useTranslations, useFormatter } from "next-intl";
import { MediaImage } from "@/components/media/media-image";
import { useEnumLabel } from "@/components/post/labels";
import { platformLimit, textLength } from "@/lib/posts/platform-limits";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/cn";
import type { SharedPost } from "@/lib/schemas/share";
import { PLATFORMS } from "@/lib/schemas/values";

/** Known platforms get their bubble colours; others (and webhooks) are shown as plain text. */
const BUBBLE: Record<string, string> = {
  TELEGRAM: "bg-sky-50 border-sky-200 dark:bg-sky-950 dark:border-sky-800",
  VK: "bg-blue-50 border-blue-200 dark:bg-blue-950 dark:border-blue-800",
  MAX: "bg-violet-50 border-violet-200 dark:bg-violet-950 dark:border-violet-800",
};

/**
 * How the post will look in each channel of its campaign, with its length
 * against the platform's limit: the post page's previews, drawn from the
 * visitor's allow-listed fields (a channel's platform and name only).
 */
export function SharedPreviews({ post, expired, onRetry }: { post: SharedPost; expired: boolean; onRetry: () => void }) {
  const t = useTranslations("review.post.preview");
  const tm = useTranslations("review.media");
  const format = useFormatter();
  const platformLabel = useEnumLabel("platform", PLATFORMS);
  if (post.channels.length === 0) return <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("noChannels")}</p>;
  const images = post.media?.images ?? [];
  const cover = (images.find((i) => i.is_selected) ?? images[0])?.url;
  const hasMedia = Boolean(cover || post.media?.video || post.media?.documents.length);
  const length = textLength(post.text);

  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {post.channels.map((channel, i) => {
        const bubble = BUBBLE[channel.platform];
        const limit = platformLimit(channel.platform, hasMedia);
        const over = limit ? length - limit.max : 0;
        return (
          <li key={`${i}-${channel.name}`} className="min-w-0">
            <article className="space-y-2" data-platform={channel.platform} aria-label={`${platformLabel(channel.platform)}: ${channel.name}`}>
              <header className="flex flex-wrap items-center gap-2 text-sm">
                <Badge tone="info">{platformLabel(channel.platform)}</Badge>
                <span className="font-medium">{channel.name}</span>
              </header>
              <div className={cn("rounded-2xl rounded-bl-sm border p-3 text-sm shadow-sm", bubble ?? "border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-950")}>
                {bubble && cover && (
                  <div className="mb-2">
                    <MediaImage key={cover} url={cover} alt={tm("image")} expired={expired} onRetry={onRetry} frame="aspect-[4/3]" imgClassName="object-cover" />
                  </div>
                )}
                <p
                  tabIndex={0}
                  className="max-h-72 overflow-auto break-words whitespace-pre-wrap focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
                >
                  {post.text}
                </p>
              </div>
              <p data-over-limit={over > 0 ? "true" : "false"} className={cn("text-xs", over > 0 ? "font-semibold text-red-800 dark:text-red-300" : "text-zinc-700 dark:text-zinc-300")}>
                {limit
                  ? t(limit.kind === "caption" ? "lengthCaption" : "lengthText", { length: format.number(length), max: format.number(limit.max) })
                  : t("lengthNoLimit", { length: format.number(length) })}
                {over > 0 && (
                  <>
                    {" "}
                    <span aria-hidden="true">⚠ </span>
                    {t("overLimit", { count: over })}
                  </>
                )}
              </p>
            </article>
          </li>
        );
      })}
    </ul>
  );
}

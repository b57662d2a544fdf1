"use client";

import { useSuspenseQuery } from "@tanstack/react-query";
import { useLocale, useTranslations, useFormatter } from "next-intl";
import { useCallback, useMemo } from "react";
import { formatSize } from "@/components/media/format-size";
import { MediaImage } from "@/components/media/media-image";
import { linkTimes, useLinkExpiry } from "@/components/media/use-link-expiry";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/cn";
import { campaignQuery } from "@/lib/queries/campaigns";
import type { Channel, Media, Post, PostDetail } from "@/lib/schemas";
import { isHttpUrl } from "@/lib/schemas/media-url";
import { PLATFORMS } from "@/lib/schemas/values";
import { useEnumLabel } from "./labels";
import { carriesMedia, platformLimit, textLength } from "@/lib/posts/platform-limits";
import { usePost } from "./use-post";

/** The Post object as a webhook would receive it: the list-item fields, without versions and records. */
function webhookPayload(post: PostDetail): Post {
  const { task_id, campaign_id, campaign_name, text, status, post_type, published_at, created_at, updated_at, media } = post;
  return { task_id, campaign_id, campaign_name, text, status, post_type, published_at, created_at, updated_at, media };
}

/** Platforms whose look we know; any other is shown as plain text. */
const BUBBLE: Record<string, string> = {
  TELEGRAM: "bg-sky-50 border-sky-200 dark:bg-sky-950 dark:border-sky-800",
  VK: "bg-blue-50 border-blue-200 dark:bg-blue-950 dark:border-blue-800",
  MAX: "bg-violet-50 border-violet-200 dark:bg-violet-950 dark:border-violet-800",
};

/** The first http(s) link in a text, without the punctuation a sentence puts after it (VK builds its card from it). */
export function firstLink(text: string): string | null {
  const found = /https?:\/\/[^\s<>"«»]+/i.exec(text)?.[0].replace(/[.,;:!?)\]}'"…]+$/, "");
  return found && isHttpUrl(found) ? found : null;
}

type MediaProps = { media: Media; expired: boolean; onRetry: () => void };

/** How the post will look in each channel of its campaign, with its length against the platform's limit. */
export function PlatformPreviews({ id }: { id: number }) {
  const t = useTranslations("review.post.preview");
  const { data, dataUpdatedAt, refetch } = usePost(id);
  const post = data.data;
  const campaign = useSuspenseQuery(campaignQuery(post.campaign_id)).data.data;
  const media = post.media;
  const times = useMemo(() => (media ? linkTimes(data.meta.fetchedAt, dataUpdatedAt, media.expires_in) : null), [media, data.meta.fetchedAt, dataUpdatedAt]);
  // The media panel schedules the same refresh: join a refetch under way rather than cancel it.
  const refresh = useCallback(() => void refetch({ cancelRefetch: false }), [refetch]);
  const { expired } = useLinkExpiry(times, refresh);

  if (campaign.channels.length === 0) return <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("noChannels")}</p>;
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {campaign.channels.map((channel) => (
        <li key={channel.id} className="min-w-0">
          <ChannelPreview channel={channel} post={post} expired={expired} onRetry={refresh} />
        </li>
      ))}
    </ul>
  );
}

function ChannelPreview({ channel, post, expired, onRetry }: { channel: Channel; post: PostDetail; expired: boolean; onRetry: () => void }) {
  const t = useTranslations("review.post.preview");
  const platformLabel = useEnumLabel("platform", PLATFORMS);
  const bubble = BUBBLE[channel.platform];
  const link = channel.platform === "VK" ? firstLink(post.text) : null;

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
          {!bubble && <p className="text-xs text-zinc-700 dark:text-zinc-300">{t("unknownPlatform")}</p>}
          <div className={cn("rounded-2xl rounded-bl-sm border p-3 text-sm shadow-sm", bubble ?? "border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-950")}>
            {/* Media first, as the platforms show them; an unknown platform gets the text alone. */}
            {bubble && post.media && <PreviewMedia media={post.media} expired={expired} onRetry={onRetry} />}
            {/* Long texts scroll inside the bubble; focusable so keyboard users can scroll it too. */}
            <p
              tabIndex={0}
              className="max-h-72 overflow-auto break-words whitespace-pre-wrap focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
            >
              {post.text}
            </p>
            {link && <LinkSnippet url={link} />}
          </div>
          <LengthMeter text={post.text} platform={channel.platform} hasMedia={carriesMedia(post.media)} known={!!bubble} />
        </>
      )}
    </article>
  );
}

/** The images (first one, or the album as a strip), the video's cover and the documents, through the shared media image. */
function PreviewMedia({ media, expired, onRetry }: MediaProps) {
  const tm = useTranslations("review.media");
  // Images chosen for publication first, as the media panel picks them.
  const selected = media.images.filter((i) => i.is_selected);
  const images = selected.length > 0 ? selected : media.images;
  const album = media.images.filter((i) => i.in_album);
  const strip = album.length > 1 ? album : media.post_type === "ALBUM" && images.length > 1 ? images : null;
  const cover = images[0]?.url;
  if (!media.video && !cover && media.documents.length === 0) return null;

  return (
    <div className="mb-2 space-y-2" data-preview-media>
      {media.video ? (
        <VideoFrame name={media.video.filename} cover={cover} expired={expired} onRetry={onRetry} />
      ) : strip ? (
        // One row however many images: the strip shrinks them rather than scroll.
        <ul className="grid auto-cols-fr grid-flow-col gap-1" aria-label={tm("album", { total: strip.length })} data-album-strip>
          {strip.map((image, i) => (
            <li key={`${i}-${image.url}`} className="min-w-0">
              <MediaImage key={image.url} url={image.url} alt={tm("imageOf", { n: i + 1, total: strip.length })} expired={expired} onRetry={onRetry} frame="aspect-square" imgClassName="object-cover" />
            </li>
          ))}
        </ul>
      ) : cover !== undefined ? (
        <MediaImage key={cover} url={cover} alt={tm("image")} expired={expired} onRetry={onRetry} frame="aspect-[4/3]" imgClassName="object-cover" />
      ) : null}
      {media.documents.length > 0 && <FileChips documents={media.documents} />}
    </div>
  );
}

/** The video as a feed shows it before it plays: its cover, or a dark frame with the file's name. Never the file itself here. */
function VideoFrame({ name, cover, expired, onRetry }: { name: string; cover?: string; expired: boolean; onRetry: () => void }) {
  const t = useTranslations("review.post.preview");
  if (cover === undefined) {
    return (
      <div data-video-placeholder className="flex aspect-video w-full flex-col items-center justify-center gap-1 rounded-md bg-zinc-800 p-2 text-center text-zinc-100 dark:bg-black">
        <span aria-hidden="true" className="text-2xl">
          ▶
        </span>
        <span className="text-xs break-all">{t("videoNoCover", { name })}</span>
      </div>
    );
  }
  return (
    <div className="relative">
      <MediaImage key={cover} url={cover} alt={t("videoCover", { name })} expired={expired} onRetry={onRetry} frame="aspect-video" imgClassName="object-cover" />
      <span aria-hidden="true" className="pointer-events-none absolute bottom-1 left-1 max-w-[90%] truncate rounded bg-black/70 px-1.5 py-0.5 text-xs text-white">
        ▶ {name}
      </span>
    </div>
  );
}

function FileChips({ documents }: { documents: Media["documents"] }) {
  const locale = useLocale();
  return (
    <ul className="flex flex-wrap gap-1">
      {documents.map((doc, i) => (
        <li
          key={`${i}-${doc.filename}`}
          data-file-chip
          className="inline-flex max-w-full items-center gap-1 rounded-full border border-zinc-300 bg-white px-2 py-1 text-xs dark:border-zinc-700 dark:bg-zinc-900"
        >
          <span aria-hidden="true">📄</span>
          <span className="truncate font-medium">{doc.filename}</span>
          <span className="whitespace-nowrap text-zinc-700 dark:text-zinc-300">{formatSize(doc.file_size, locale)}</span>
        </li>
      ))}
    </ul>
  );
}

/** VK's card for the first link. We do not fetch the page (its title and picture are VK's to take), so the card names the site. */
function LinkSnippet({ url }: { url: string }) {
  const t = useTranslations("review.post.preview");
  const host = new URL(url).hostname.replace(/^www\./, "");
  return (
    <div data-link-snippet className="mt-2 border-l-2 border-blue-400 pl-2 text-xs dark:border-blue-500">
      <p className="font-medium">
        <span aria-hidden="true">🔗 </span>
        {t("linkSnippet")}: {host}
      </p>
      <a href={url} target="_blank" rel="noreferrer" className="break-all text-blue-800 underline dark:text-blue-300">
        {url}
      </a>
      <p className="text-zinc-700 dark:text-zinc-300">{t("linkSnippetHint")}</p>
    </div>
  );
}

function LengthMeter({ text, platform, hasMedia, known }: { text: string; platform: string; hasMedia: boolean; known: boolean }) {
  const t = useTranslations("review.post.preview");
  const format = useFormatter();
  const limit = platformLimit(platform, hasMedia);
  const length = format.number(textLength(text));
  if (!limit) return <p className="text-xs text-zinc-700 dark:text-zinc-300">{known ? t("lengthOnly", { length }) : t("lengthNoLimit", { length })}</p>;
  const over = textLength(text) - limit.max;
  const max = format.number(limit.max);
  return (
    <div className="space-y-0.5 text-xs">
      <p data-over-limit={over > 0 ? "true" : "false"} className={over > 0 ? "font-semibold text-red-800 dark:text-red-300" : "text-zinc-700 dark:text-zinc-300"}>
        {t(limit.kind === "caption" ? "lengthCaption" : "lengthText", { length, max })}
        {over > 0 && (
          <>
            {" "}
            <span aria-hidden="true">⚠ </span>
            {t("overLimit", { count: over })}
          </>
        )}
      </p>
      {limit.kind === "caption" && <p className="text-zinc-700 dark:text-zinc-300">{t("captionHint", { max })}</p>}
    </div>
  );
}

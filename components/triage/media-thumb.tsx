"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import type { Media } from "@/lib/schemas";
import { cn } from "@/lib/cn";

/** The first image's URL, or null when the post has none. */
export function firstImageUrl(media: Media | null): string | null {
  return media?.images[0]?.url ?? null;
}

/** Media links lapse `expires_in` seconds after the answer that carried them. */
export function mediaExpired(media: Media | null, fetchedAt: string | undefined, now = Date.now()): boolean {
  if (!media || !fetchedAt) return false;
  return Date.parse(fetchedAt) + media.expires_in * 1000 <= now;
}

/**
 * A small preview of the post's first image. Without an image, with an
 * expired link, or when loading fails, a labelled placeholder takes its place
 * (never a broken image). In the table the image only repeats the row's text,
 * so its alt text is empty by default.
 */
export function MediaThumb({ media, fetchedAt, className, alt = "" }: { media: Media | null; fetchedAt?: string; className?: string; alt?: string }) {
  const t = useTranslations("review.queue");
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const url = firstImageUrl(media);
  const expired = mediaExpired(media, fetchedAt);
  const box = cn("h-12 w-12 shrink-0 rounded border border-zinc-200 dark:border-zinc-700", className);

  if (!url || expired || failedUrl === url) {
    // No image is not "no media": a video or a document is named for what it is.
    const label = !url ? (media?.video ? t("media.video") : media && media.documents.length > 0 ? t("media.document") : t("media.none")) : expired ? t("media.expired") : t("media.failed");
    return (
      <span className={cn(box, "flex items-center justify-center bg-zinc-100 text-center text-[10px] leading-tight text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300")}>
        {label}
      </span>
    );
  }
  return (
    // Upstream media lives on temporary third-party URLs: next/image would proxy and cache links that expire.
    // eslint-disable-next-line @next/next/no-img-element
    <img src={url} alt={alt} loading="lazy" className={cn(box, "object-cover")} onError={() => setFailedUrl(url)} />
  );
}

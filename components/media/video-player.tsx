"use client";

import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { isHttpUrl } from "@/lib/schemas/media-url";
import { formatSize } from "./format-size";
import { MediaState } from "./media-state";

/** The post's video in the browser's own player, its cover as the poster. */
export function VideoPlayer({
  url,
  filename,
  size,
  poster,
  expired,
  onRetry,
}: {
  url: string;
  filename: string;
  size: number;
  poster?: string;
  expired: boolean;
  onRetry: () => void;
}) {
  const t = useTranslations("review.media");
  const locale = useLocale();
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const retry = () => {
    setFailed(false);
    setAttempt((n) => n + 1);
    onRetry();
  };

  return (
    <figure className="space-y-2">
      {!isHttpUrl(url) ? (
        <MediaState kind="unavailable" />
      ) : expired ? (
        <MediaState kind="expired" onRetry={retry} />
      ) : failed ? (
        <MediaState kind="failed" onRetry={retry} />
      ) : (
        <video
          key={attempt}
          controls
          preload="metadata"
          src={url}
          poster={poster && isHttpUrl(poster) ? poster : undefined}
          aria-label={t("video", { name: filename })}
          onError={() => setFailed(true)}
          className="aspect-video w-full rounded-md bg-black"
        >
          <a href={url}>{t("download", { name: filename })}</a>
        </video>
      )}
      <figcaption className="text-sm text-zinc-700 dark:text-zinc-300">
        {filename} · {formatSize(size, locale)}
      </figcaption>
    </figure>
  );
}

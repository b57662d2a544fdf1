"use client";

import { useTranslations } from "next-intl";
import { AlbumGallery } from "@/components/media/album-gallery";
import { DocumentList } from "@/components/media/document-list";
import { MediaImage } from "@/components/media/media-image";
import { VideoPlayer } from "@/components/media/video-player";
import type { SharedMedia } from "@/lib/schemas/share";

/** The post's media through the dashboard's own media blocks (expiry states, retries), from the allow-listed fields. */
export function SharedMediaView({ media, expired, onRetry }: { media: SharedMedia; expired: boolean; onRetry: () => void }) {
  const t = useTranslations("review.media");
  if (media.images.length === 0 && !media.video && media.documents.length === 0) {
    return <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("none")}</p>;
  }
  // Images chosen for publication first; an album shows those in the album (as the post page does).
  const selected = media.images.filter((i) => i.is_selected);
  const images = selected.length > 0 ? selected : media.images;
  const album = media.images.filter((i) => i.in_album);
  const cover = images[0]?.url;
  return (
    <div className="space-y-4">
      {media.video ? (
        <VideoPlayer key={media.video.url} url={media.video.url} filename={media.video.filename} size={media.video.file_size} poster={cover} expired={expired} onRetry={onRetry} />
      ) : album.length > 1 || (media.post_type === "ALBUM" && images.length > 1) ? (
        <AlbumGallery urls={(album.length > 1 ? album : images).map((i) => i.url)} expired={expired} onRetry={onRetry} />
      ) : cover !== undefined ? (
        <MediaImage key={cover} url={cover} alt={media.documents.length > 0 ? t("cover") : t("image")} expired={expired} onRetry={onRetry} className="max-w-xl" frame="aspect-[4/3]" />
      ) : null}
      {media.documents.length > 0 && <DocumentList documents={media.documents} expired={expired} onRetry={onRetry} />}
    </div>
  );
}

"use client";

import { useTranslations } from "next-intl";
import { AlbumGallery } from "@/components/media/album-gallery";
import { DocumentList } from "@/components/media/document-list";
import { MediaImage } from "@/components/media/media-image";
import { VideoPlayer } from "@/components/media/video-player";
import type { Media } from "@/lib/schemas";

/**
 * The post's media at the top of the preview, before the text: what the
 * audience sees first is judged first. One image in a 4:3 frame, an album as
 * one strip of thumbnails (each opens the viewer), a video in the player with
 * the cover as its poster, documents by name. Lapsed or failed links show
 * their state (components/media), never a broken picture.
 */
export function PreviewMedia({ media, expired, onRetry }: { media: Media | null; expired: boolean; onRetry: () => void }) {
  const t = useTranslations("review.media");
  if (!media || (media.images.length === 0 && !media.video && media.documents.length === 0)) return null;
  // Images chosen for publication first; an album shows those in the album.
  const selected = media.images.filter((i) => i.is_selected);
  const images = selected.length > 0 ? selected : media.images;
  const album = media.images.filter((i) => i.in_album);
  const strip = album.length > 1 ? album : media.post_type === "ALBUM" && images.length > 1 ? images : null;
  const cover = images[0]?.url;

  return (
    <div className="flex flex-col gap-2" data-preview-media={media.post_type}>
      {media.video ? (
        <VideoPlayer key={media.video.url} url={media.video.url} filename={media.video.filename} size={media.video.file_size} poster={cover} expired={expired} onRetry={onRetry} />
      ) : strip ? (
        <AlbumGallery layout="strip" urls={strip.map((i) => i.url)} expired={expired} onRetry={onRetry} />
      ) : cover !== undefined ? (
        <MediaImage key={cover} url={cover} alt={media.documents.length > 0 ? t("cover") : t("image")} expired={expired} onRetry={onRetry} frame="aspect-[4/3]" />
      ) : null}
      {media.documents.length > 0 && <DocumentList documents={media.documents} expired={expired} onRetry={onRetry} />}
    </div>
  );
}

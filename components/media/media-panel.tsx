"use client";

import { useTranslations } from "next-intl";
import { useCallback, useMemo } from "react";
import { usePost } from "@/components/post/use-post";
import { AlbumGallery } from "./album-gallery";
import { DocumentList } from "./document-list";
import { MediaImage } from "./media-image";
import { linkTimes, useLinkExpiry } from "./use-link-expiry";
import { VideoPlayer } from "./video-player";

/**
 * The post's media as a person would look at it. The layout follows what the
 * media object holds (a video, documents, one or several images), so an
 * unknown `post_type` still shows whatever came. Links are refreshed before
 * they lapse by refetching the post.
 */
export function MediaPanel({ id }: { id: number }) {
  const t = useTranslations("review.media");
  const query = usePost(id);
  const { data, dataUpdatedAt, refetch } = query;
  const media = data.data.media;

  const times = useMemo(
    () => (media ? linkTimes(data.meta.fetchedAt, dataUpdatedAt, media.expires_in) : null),
    [media, data.meta.fetchedAt, dataUpdatedAt],
  );
  const refresh = useCallback(() => void refetch(), [refetch]);
  const { expired } = useLinkExpiry(times, refresh);

  if (!media || (media.images.length === 0 && !media.video && media.documents.length === 0)) {
    return <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("none")}</p>;
  }

  // Images chosen for publication first; an album shows those in the album.
  const selected = media.images.filter((i) => i.is_selected);
  const images = selected.length > 0 ? selected : media.images;
  const album = media.images.filter((i) => i.in_album);
  const cover = images[0]?.url;

  return (
    <div className="space-y-4" data-media-type={media.post_type}>
      {media.video ? (
        <VideoPlayer
          key={media.video.url}
          url={media.video.url}
          filename={media.video.filename}
          size={media.video.file_size}
          poster={cover}
          expired={expired}
          onRetry={refresh}
        />
      ) : album.length > 1 || (media.post_type === "ALBUM" && images.length > 1) ? (
        <AlbumGallery urls={(album.length > 1 ? album : images).map((i) => i.url)} expired={expired} onRetry={refresh} />
      ) : cover !== undefined ? (
        // A blanked (non-http) link still shows, as "unavailable" (see MediaImage). The upstream sends no
        // dimensions: a 4:3 frame is kept from the start, so the text below does not move when the image arrives.
        <MediaImage key={cover} url={cover} alt={media.documents.length > 0 ? t("cover") : t("image")} expired={expired} onRetry={refresh} className="max-w-xl" frame="aspect-[4/3]" />
      ) : null}
      {media.documents.length > 0 && <DocumentList documents={media.documents} expired={expired} onRetry={refresh} />}
    </div>
  );
}

"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { DocumentList } from "@/components/media/document-list";
import { MediaImage } from "@/components/media/media-image";
import { MediaState } from "@/components/media/media-state";
import { VideoPlayer } from "@/components/media/video-player";
import type { Media } from "@/lib/schemas";

// The full-size viewer loads the first time an image is opened.
const ImageViewer = dynamic(() => import("@/components/media/image-viewer").then((m) => m.ImageViewer));

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
        <AlbumStrip urls={strip.map((i) => i.url)} expired={expired} onRetry={onRetry} />
      ) : cover !== undefined ? (
        <MediaImage key={cover} url={cover} alt={media.documents.length > 0 ? t("cover") : t("image")} expired={expired} onRetry={onRetry} frame="aspect-[4/3]" />
      ) : null}
      {media.documents.length > 0 && <DocumentList documents={media.documents} expired={expired} onRetry={onRetry} />}
    </div>
  );
}

/** An album as one row of square thumbnails that scrolls sideways (a named, focusable region for keyboards). */
function AlbumStrip({ urls, expired, onRetry }: { urls: string[]; expired: boolean; onRetry: () => void }) {
  const t = useTranslations("review.media");
  const [open, setOpen] = useState<number | null>(null);
  // Mounted from the first opening on, so closing still goes through the dialog (focus returns).
  const [viewerUsed, setViewerUsed] = useState(false);
  const label = t("album", { total: urls.length });
  // One state for the whole strip: a lapsed link lapses for every image at once.
  if (expired) return <MediaState kind="expired" onRetry={onRetry} />;
  return (
    <>
      <div role="region" aria-label={label} tabIndex={0} className="overflow-x-auto pb-1 focus-visible:outline-2 focus-visible:outline-blue-600">
        <ul className="flex snap-x gap-2" data-album-strip={urls.length}>
          {urls.map((url, i) => (
            <li key={`${i}-${url}`} className="w-28 shrink-0 snap-start">
              <MediaImage
                key={url}
                url={url}
                alt=""
                expired={expired}
                onRetry={onRetry}
                onOpen={() => {
                  setViewerUsed(true);
                  setOpen(i);
                }}
                openLabel={t("openImage", { n: i + 1, total: urls.length })}
                frame="aspect-square"
                imgClassName="object-cover"
                className="min-h-0"
              />
            </li>
          ))}
        </ul>
      </div>
      {viewerUsed && <ImageViewer urls={urls} index={open} onIndex={setOpen} onClose={() => setOpen(null)} expired={expired} onRetry={onRetry} />}
    </>
  );
}

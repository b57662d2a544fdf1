"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { MediaImage } from "./media-image";
import { MediaState } from "./media-state";

// The full-size viewer loads the first time an image is opened.
const ImageViewer = dynamic(() => import("./image-viewer").then((m) => m.ImageViewer));

/**
 * An album of thumbnails; each opens the full-size viewer. As a grid (the
 * media panel) or as one row that scrolls sideways (the triage preview, a
 * named focusable region for keyboards, where a lapsed link shows one state
 * for the whole strip: it lapses for every image at once).
 */
export function AlbumGallery({ urls, expired, onRetry, layout = "grid" }: { urls: string[]; expired: boolean; onRetry: () => void; layout?: "grid" | "strip" }) {
  const t = useTranslations("review.media");
  const [open, setOpen] = useState<number | null>(null);
  // Mounted from the first opening on, so closing still goes through the dialog (focus returns).
  const [viewerUsed, setViewerUsed] = useState(false);
  const strip = layout === "strip";
  const label = t("album", { total: urls.length });
  if (strip && expired) return <MediaState kind="expired" onRetry={onRetry} />;
  const list = (
    <ul className={strip ? "flex snap-x gap-2" : "grid grid-cols-2 gap-2 sm:grid-cols-3"} aria-label={strip ? undefined : label} data-album-strip={strip ? urls.length : undefined}>
      {urls.map((url, i) => (
        <li key={`${i}-${url}`} className={strip ? "w-28 shrink-0 snap-start" : undefined}>
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
            className={strip ? "min-h-0" : undefined}
          />
        </li>
      ))}
    </ul>
  );
  return (
    <>
      {strip ? (
        <div role="region" aria-label={label} tabIndex={0} className="overflow-x-auto pb-1 focus-visible:outline-2 focus-visible:outline-blue-600">
          {list}
        </div>
      ) : (
        list
      )}
      {viewerUsed && <ImageViewer urls={urls} index={open} onIndex={setOpen} onClose={() => setOpen(null)} expired={expired} onRetry={onRetry} />}
    </>
  );
}

"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { MediaImage } from "./media-image";

// The full-size viewer loads the first time an image is opened.
const ImageViewer = dynamic(() => import("./image-viewer").then((m) => m.ImageViewer));

/** An album as a grid of thumbnails; each opens the full-size viewer. */
export function AlbumGallery({ urls, expired, onRetry }: { urls: string[]; expired: boolean; onRetry: () => void }) {
  const t = useTranslations("review.media");
  const [open, setOpen] = useState<number | null>(null);
  // Mounted from the first opening on, so closing still goes through the dialog (focus returns).
  const [viewerUsed, setViewerUsed] = useState(false);
  return (
    <>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3" aria-label={t("album", { total: urls.length })}>
        {urls.map((url, i) => (
          <li key={`${i}-${url}`}>
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
            />
          </li>
        ))}
      </ul>
      {viewerUsed && <ImageViewer urls={urls} index={open} onIndex={setOpen} onClose={() => setOpen(null)} expired={expired} onRetry={onRetry} />}
    </>
  );
}

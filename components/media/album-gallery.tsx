"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { ImageViewer } from "./image-viewer";
import { MediaImage } from "./media-image";

/** An album as a grid of thumbnails; each opens the full-size viewer. */
export function AlbumGallery({ urls, expired, onRetry }: { urls: string[]; expired: boolean; onRetry: () => void }) {
  const t = useTranslations("review.media");
  const [open, setOpen] = useState<number | null>(null);
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
              onOpen={() => setOpen(i)}
              openLabel={t("openImage", { n: i + 1, total: urls.length })}
              imgClassName="aspect-square w-full object-cover"
            />
          </li>
        ))}
      </ul>
      <ImageViewer urls={urls} index={open} onIndex={setOpen} onClose={() => setOpen(null)} expired={expired} onRetry={onRetry} />
    </>
  );
}

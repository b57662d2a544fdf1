"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { MediaImage } from "./media-image";

/**
 * Full-size viewer of an album: a modal <dialog> (focus stays inside, Escape
 * closes, focus returns to the thumbnail), arrow keys and buttons move
 * between the images.
 */
export function ImageViewer({
  urls,
  index,
  onIndex,
  onClose,
  expired,
  onRetry,
}: {
  urls: string[];
  index: number | null;
  onIndex: (i: number) => void;
  onClose: () => void;
  expired: boolean;
  onRetry: () => void;
}) {
  const t = useTranslations("review.media");
  const dialog = useRef<HTMLDialogElement>(null);
  const open = index !== null;

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) el.showModal();
    if (!open && el.open) el.close();
  }, [open]);

  const total = urls.length;
  const go = (step: number) => index !== null && onIndex((index + step + total) % total);

  return (
    <dialog
      ref={dialog}
      aria-labelledby="image-viewer-title"
      onClose={onClose}
      onKeyDown={(e) => {
        if (e.key === "ArrowRight") {
          e.preventDefault();
          go(1);
        } else if (e.key === "ArrowLeft") {
          e.preventDefault();
          go(-1);
        }
      }}
      className="m-auto max-h-[95dvh] w-[min(95vw,64rem)] rounded-lg bg-white p-4 text-zinc-900 backdrop:bg-black/80 dark:bg-zinc-900 dark:text-zinc-100"
    >
      {index !== null && urls[index] !== undefined && (
        <div className="flex flex-col gap-3">
          <div className="flex items-center justify-between gap-2">
            <h2 id="image-viewer-title" className="text-sm font-semibold">
              {t("imageOf", { n: index + 1, total })}
            </h2>
            <Button size="sm" variant="ghost" onClick={onClose}>
              <span aria-hidden="true">✕</span>
              {t("close")}
            </Button>
          </div>
          <MediaImage
            key={urls[index]}
            url={urls[index] ?? ""}
            alt={t("imageOf", { n: index + 1, total })}
            expired={expired}
            onRetry={onRetry}
            className="flex justify-center bg-transparent dark:bg-transparent"
            imgClassName="max-h-[70dvh] w-auto object-contain"
          />
          {total > 1 && (
            <div className="flex items-center justify-between gap-2">
              <Button size="sm" onClick={() => go(-1)}>
                <span aria-hidden="true">←</span>
                {t("previous")}
              </Button>
              <p className="text-xs text-zinc-600 dark:text-zinc-400">{t("arrowsHint")}</p>
              <Button size="sm" onClick={() => go(1)}>
                {t("next")}
                <span aria-hidden="true">→</span>
              </Button>
            </div>
          )}
        </div>
      )}
    </dialog>
  );
}

"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { MediaImage } from "./media-image";

/**
 * Full-size viewer of an album: the shared modal dialog (focus stays inside,
 * Escape closes, focus returns to the thumbnail), arrow keys and buttons move
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
  const total = urls.length;
  const go = (step: number) => index !== null && onIndex((index + step + total) % total);

  return (
    <Dialog
      open={index !== null}
      onClose={onClose}
      size="lg"
      title={index !== null ? t("imageOf", { n: index + 1, total }) : ""}
      headerEnd={
        <Button size="sm" variant="ghost" onClick={onClose}>
          <span aria-hidden="true">✕</span>
          {t("close")}
        </Button>
      }
      onKeyDown={(e) => {
        if (e.key === "ArrowRight") {
          e.preventDefault();
          go(1);
        } else if (e.key === "ArrowLeft") {
          e.preventDefault();
          go(-1);
        }
      }}
      className="backdrop:bg-black/80"
    >
      {index !== null && urls[index] !== undefined && (
        <>
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
        </>
      )}
    </Dialog>
  );
}

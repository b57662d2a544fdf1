"use client";

import { useEffect, useRef, useState } from "react";
import { cn } from "@/lib/cn";
import { isHttpUrl } from "@/lib/schemas/media-url";
import { MediaState } from "./media-state";

type Status = "loading" | "loaded" | "failed";

/**
 * An image from a temporary link. Until it loads, a placeholder; if the link
 * lapsed or the load fails, a clear state with a retry instead of a broken
 * image. Mount with `key={url}` so a refreshed link starts over.
 */
export function MediaImage({
  url,
  alt,
  expired,
  onRetry,
  className,
  imgClassName,
  onOpen,
  openLabel,
  frame,
}: {
  url: string;
  alt: string;
  expired: boolean;
  onRetry: () => void;
  className?: string;
  imgClassName?: string;
  /** Makes the loaded image a button (album thumbnails); not while a state with its own retry shows. */
  onOpen?: () => void;
  openLabel?: string;
  /**
   * An aspect-ratio class (`aspect-[4/3]`) for a box that takes its full size
   * before the image loads: the upstream sends no dimensions, and an image that
   * sized its own box would push everything below it down when it arrived. The
   * image is fitted into the box uncropped and never enlarged (`object-scale-down`, unless
   * `imgClassName` says otherwise); the states that replace it keep the box.
   */
  frame?: string;
}) {
  const [status, setStatus] = useState<Status>("loading");
  const [attempt, setAttempt] = useState(0);
  const img = useRef<HTMLImageElement>(null);

  // An image that finished (or failed) before hydration fired no React event: read its state.
  useEffect(() => {
    const el = img.current;
    if (el?.complete) setStatus(el.naturalWidth > 0 ? "loaded" : "failed");
  }, [attempt]);

  const retry = () => {
    setStatus("loading");
    setAttempt((n) => n + 1);
    onRetry();
  };

  // The schema already blanks such links; checked again here because nothing else may reach `src`.
  const stateClass = frame ? cn("w-full", frame, className) : className;
  if (!isHttpUrl(url)) return <MediaState kind="unavailable" className={stateClass} />;
  if (expired) return <MediaState kind="expired" onRetry={retry} className={stateClass} />;
  if (status === "failed") return <MediaState kind="failed" onRetry={retry} className={stateClass} />;
  const image = (
    // A plain <img>: signed links from the upstream's origin, which the image optimizer must not fetch or cache.
    // eslint-disable-next-line @next/next/no-img-element
    <img
      key={attempt}
      ref={img}
      src={url}
      alt={alt}
      onLoad={() => setStatus("loaded")}
      onError={() => setStatus("failed")}
      className={cn(frame ? "absolute inset-0 block size-full object-scale-down" : "block h-auto max-w-full", imgClassName)}
    />
  );
  return (
    <div
      className={cn(
        "relative overflow-hidden rounded-md bg-zinc-100 dark:bg-zinc-800",
        frame && cn("w-full", frame),
        status === "loading" && (frame ? "animate-pulse" : "min-h-32 animate-pulse"),
        className,
      )}
    >
      {onOpen ? (
        <button
          type="button"
          onClick={onOpen}
          aria-label={openLabel}
          className={cn("block w-full rounded-md focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600", frame && "absolute inset-0 h-full")}
        >
          {image}
        </button>
      ) : (
        image
      )}
    </div>
  );
}

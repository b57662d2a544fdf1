"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";

/**
 * What shows instead of a medium whose link lapsed or failed, or that has no
 * usable link at all ("unavailable": not http(s), so never put in the page;
 * a retry would not help): never a broken picture.
 */
export function MediaState({
  kind,
  onRetry,
  className,
}: {
  kind: "expired" | "failed" | "unavailable";
  onRetry?: () => void;
  className?: string;
}) {
  const t = useTranslations("review.media");
  return (
    <div
      role={kind === "failed" ? "alert" : "status"}
      data-media-state={kind}
      className={cn(
        "flex min-h-32 flex-col items-center justify-center gap-2 rounded-md border border-dashed border-zinc-400 bg-zinc-50 p-4 text-center text-sm text-zinc-800 dark:border-zinc-600 dark:bg-zinc-900 dark:text-zinc-200",
        className,
      )}
    >
      <p>
        <span aria-hidden="true">{kind === "expired" ? "⟳ " : "⚠ "}</span>
        {t(kind)}
      </p>
      {kind !== "unavailable" && onRetry && (
        <Button size="sm" onClick={onRetry}>
          {t("retry")}
        </Button>
      )}
    </div>
  );
}

"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";

/**
 * The version a person's decision pins: the one shown when the page opened,
 * moved only when they say they looked. A newer version arriving while the
 * page is open (a live event refetches the post) is announced, not silently
 * taken for read; a decision sent meanwhile pins the old one, and the server's
 * version_changed answer then shows what changed.
 */
export function useSeenVersion(current: number | undefined): { pinned: number | undefined; arrived: number | undefined; look: () => void } {
  const [seen, setSeen] = useState(current);
  // The first version known (a post loaded without versions gains them) is seen as shown.
  const pinned = seen ?? current;
  if (seen === undefined && current !== undefined) setSeen(current);
  const arrived = current !== undefined && pinned !== undefined && current > pinned ? current : undefined;
  return { pinned, arrived, look: () => setSeen(current) };
}

export function NewVersionNotice({ version, onLook }: { version: number; onLook: () => void }) {
  const t = useTranslations("review.decision.newVersion");
  return (
    <div role="status" data-new-version={version} className="flex flex-wrap items-center gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
      <p className="font-semibold">{t("arrived", { n: version })}</p>
      <p>{t("body")}</p>
      <Button variant="secondary" onClick={onLook}>
        {t("look", { n: version })}
      </Button>
    </div>
  );
}

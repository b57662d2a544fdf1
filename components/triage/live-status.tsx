"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";

/**
 * "Updated N s ago" (from the time the data was produced upstream), and a
 * polite announcement when posts arrive in or leave the current view on a
 * refresh, so a screen reader user learns of it without losing their place.
 */
export function LiveStatus({ fetchedAt, ids, viewKey, refreshing }: { fetchedAt?: string; ids: readonly number[] | undefined; viewKey: string; refreshing: boolean }) {
  const t = useTranslations("review.queue.live");
  // No clock on the server and in the first client render: the rows now come in the HTML, and an age
  // computed twice (server, then hydration) differs, which React treats as a hydration error.
  const [now, setNow] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const prev = useRef<{ viewKey: string; ids: readonly number[] } | null>(null);

  useEffect(() => {
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 5_000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, []);

  useEffect(() => {
    if (!ids) return;
    const before = prev.current;
    prev.current = { viewKey, ids };
    // Only a refresh of the same view is news; a new page or filter is the person's own doing.
    if (!before || before.viewKey !== viewKey) return;
    const added = ids.filter((id) => !before.ids.includes(id)).length;
    const removed = before.ids.filter((id) => !ids.includes(id)).length;
    if (added === 0 && removed === 0) return;
    const parts = [added > 0 ? t("added", { count: added }) : "", removed > 0 ? t("removed", { count: removed }) : ""].filter(Boolean);
    setAnnouncement(parts.join(" "));
  }, [ids, viewKey, t]);

  const seconds = fetchedAt && now !== null ? Math.max(0, Math.round((now - Date.parse(fetchedAt)) / 1000)) : null;
  return (
    // A fixed minimum width, right-aligned: the text changes every few seconds and must not push the button beside it.
    // Its line is held before the text can be written (the server's render knows no "now"): on a phone the line
    // stands alone, and filling it after hydration moved the whole list below (layout shift).
    <div className="min-h-4 min-w-40 text-right text-xs text-zinc-700 dark:text-zinc-300">
      {seconds !== null && (
        <span>
          {refreshing ? t("refreshing") : seconds < 5 ? t("justNow") : seconds < 120 ? t("secondsAgo", { seconds }) : t("minutesAgo", { minutes: Math.round(seconds / 60) })}
        </span>
      )}
      <span role="status" aria-live="polite" className="sr-only">
        {announcement}
      </span>
    </div>
  );
}

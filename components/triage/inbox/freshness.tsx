"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import Link from "next/link";

export type CampaignFreshness = { id: number; name: string; waiting: number; refreshed_at: string | null };

/** The time now, ticking every 5 s; null on the server and in the first client render (an age computed twice would not hydrate). */
function useClientNow(): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 5_000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, []);
  return now;
}

/**
 * How fresh the inbox is, per campaign: the server keeps one copy of each
 * campaign's posts and refreshes them on its own schedule (busy or urgent
 * campaigns more often), so the line says the range, and a disclosure lists
 * every campaign with its waiting posts and age, stalest first.
 */
export function InboxFreshness({ campaigns }: { campaigns: readonly CampaignFreshness[] }) {
  const t = useTranslations("review.inbox.freshness");
  const now = useClientNow();
  if (campaigns.length === 0 || now === null) return null;
  const age = (at: string | null) => (at === null ? null : Math.max(0, Math.round((now - Date.parse(at)) / 1000)));
  const say = (seconds: number | null) =>
    seconds === null
      ? t("never")
      : seconds < 5
        ? t("justNow")
        : seconds < 120
          ? t("seconds", { seconds })
          : seconds < 2 * 3600
            ? t("minutes", { minutes: Math.round(seconds / 60) })
            : t("hours", { hours: Math.round(seconds / 3600) });
  // Stalest first; never refreshed before all.
  const rows = campaigns
    .map((c) => ({ ...c, age: age(c.refreshed_at) }))
    .sort((a, b) => (a.age === null ? -1 : b.age === null ? 1 : b.age - a.age));
  const oldest = rows[0]?.age ?? null;
  const newest = rows.at(-1)?.age ?? null;
  return (
    <details className="text-sm text-zinc-700 dark:text-zinc-300" data-inbox-freshness>
      <summary className="cursor-pointer rounded focus-visible:outline-2 focus-visible:outline-blue-600">{t("summary", { count: campaigns.length, oldest: say(oldest), newest: say(newest) })}</summary>
      <ul aria-label={t("label")} className="mt-1 space-y-0.5 pl-4">
        {rows.map((c) => (
          <li key={c.id} data-campaign-freshness={c.id}>
            <Link href={`/campaigns/${c.id}/queue`} className="text-blue-800 underline dark:text-blue-300">
              {c.name}
            </Link>
            : {t("item", { waiting: c.waiting, age: say(c.age) })}
          </li>
        ))}
      </ul>
    </details>
  );
}

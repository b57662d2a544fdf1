"use client";

import { useTranslations, useFormatter } from "next-intl";
import { createContext, useContext, useEffect, useState } from "react";
import { TextLink } from "@/components/campaigns/text-link";

/** Per campaign id, what the inbox knows: posts waiting and the soonest planned time among them. */
export type CampaignWaiting = ReadonlyMap<number, { waiting: number; earliest: string | null }>;

/**
 * Read by the two cells through context, not the rows: the campaigns list and
 * the inbox arrive separately (one upstream list, and the inbox's per-campaign
 * summary, which costs no upstream call per row), and a new summary redraws
 * these cells only.
 */
export const CampaignWaitingContext = createContext<CampaignWaiting | null>(null);

/** Posts waiting, as a link to the inbox filtered to the campaign; "—" where the inbox does not follow it (not active or frozen). */
/** The inbox's summary is still on its way: a placeholder, not a "—" that would read as "not followed". */
const Loading = () => <span aria-hidden="true" className="inline-block h-4 w-6 animate-pulse rounded bg-zinc-100 dark:bg-zinc-800" />;

export function WaitingCell({ id, name }: { id: number; name: string }) {
  const t = useTranslations("analytics.campaigns");
  const summary = useContext(CampaignWaitingContext);
  if (!summary) return <Loading />;
  const entry = summary.get(id);
  if (!entry) return <span className="text-zinc-600 dark:text-zinc-400">{t("notTracked")}</span>;
  if (entry.waiting === 0) return <span data-waiting={0}>0</span>;
  return (
    <TextLink href={`/inbox?campaign=${id}`} data-waiting={entry.waiting} aria-label={t("waitingOf", { count: entry.waiting, name })}>
      {entry.waiting}
    </TextLink>
  );
}

/** The soonest planned publication among the waiting posts; a past one says "overdue" in words, not colour alone. */
export function DeadlineCell({ id }: { id: number }) {
  const t = useTranslations("analytics.campaigns");
  const format = useFormatter();
  const summary = useContext(CampaignWaitingContext);
  const earliest = summary?.get(id)?.earliest ?? null;
  // Compared with the clock only after hydration: the server's "now" and the browser's differ.
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 60_000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, []);
  if (!summary) return <Loading />;
  if (!earliest) return <span className="text-zinc-600 dark:text-zinc-400">{t("notTracked")}</span>;
  const overdue = now !== null && Date.parse(earliest) < now;
  return (
    <span className="flex flex-col" data-deadline={earliest}>
      <time dateTime={earliest}>{format.dateTime(new Date(earliest), { dateStyle: "short", timeStyle: "short" })}</time>
      {overdue && (
        <span className="text-xs font-medium text-red-800 dark:text-red-300">
          <span aria-hidden="true">⚠ </span>
          {t("overdue")}
        </span>
      )}
    </span>
  );
}

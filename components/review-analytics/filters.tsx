"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useZone } from "@/i18n/use-zone";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { calendarDay, daysBetween, shiftDay } from "@/lib/analytics/dates";
import { ALL_CAMPAIGN_STATUSES, campaignsQuery } from "@/lib/queries/campaigns";
import { REVIEW_RANGE_MAX_DAYS } from "@/lib/schemas/limits";
import type { ReviewAnalyticsFilters } from "@/lib/url-state/review-analytics";

const field = "h-9 w-full rounded-md border border-zinc-400 bg-white px-2 text-sm dark:border-zinc-600 dark:bg-zinc-900";
const PRESETS = [7, 30, 90] as const;

/**
 * Range and campaign, applied on submit; the presets apply at once (the last
 * N days up to today, in the person's time zone). `range` is the answer's range,
 * so the date fields show what is on screen even when the URL leaves it out.
 */
export function ReviewFilters({ filters, range, onApply, onReset }: { filters: ReviewAnalyticsFilters; range?: { from: string; to: string }; onApply: (f: ReviewAnalyticsFilters) => void; onReset: () => void }) {
  const t = useTranslations("insights.review.filters");
  const campaigns = useQuery(campaignsQuery({ statuses: ALL_CAMPAIGN_STATUSES }));
  const [error, setError] = useState(false);
  const timeZone = useZone();
  const list = [...(campaigns.data?.data.campaigns ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  const preset = (days: number) => {
    const to = calendarDay(new Date(), timeZone);
    setError(false);
    onApply({ ...filters, from: shiftDay(to, -(days - 1)), to });
  };
  return (
    <form
      aria-label={t("label")}
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        const data = new FormData(e.currentTarget);
        const text = (k: string) => String(data.get(k) ?? "").trim() || null;
        const from = text("from");
        const to = text("to");
        const id = text("campaign");
        if (from && to && (from > to || daysBetween(from, to) + 1 > REVIEW_RANGE_MAX_DAYS)) return setError(true);
        setError(false);
        onApply({ from, to, campaign: id && /^\d{1,15}$/.test(id) ? Number(id) : null });
      }}
    >
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-[repeat(3,minmax(0,1fr))_auto] sm:items-end">
        <label className="text-sm">
          <span className="mb-1 block font-medium">{t("from")}</span>
          <input type="date" name="from" defaultValue={filters.from ?? range?.from ?? ""} className={field} />
        </label>
        <label className="text-sm">
          <span className="mb-1 block font-medium">{t("to")}</span>
          <input type="date" name="to" defaultValue={filters.to ?? range?.to ?? ""} className={field} />
        </label>
        <label className="col-span-2 text-sm sm:col-span-1">
          <span className="mb-1 block font-medium">{t("campaign")}</span>
          <select name="campaign" defaultValue={filters.campaign ?? ""} className={field}>
            <option value="">{t("allCampaigns")}</option>
            {filters.campaign !== null && !list.some((c) => c.id === filters.campaign) && <option value={filters.campaign}>#{filters.campaign}</option>}
            {list.map((c) => (
              <option key={c.id} value={c.id}>{c.name}</option>
            ))}
          </select>
        </label>
        <div className="col-span-2 flex gap-2 sm:col-span-1">
          <Button type="submit" variant="primary" size="sm" className="h-9">{t("apply")}</Button>
          <Button size="sm" className="h-9" onClick={() => (setError(false), onReset())}>{t("reset")}</Button>
        </div>
      </div>
      <div role="group" aria-label={t("presets")} className="flex flex-wrap gap-2">
        {PRESETS.map((d) => (
          <Button key={d} size="sm" variant="ghost" className="border border-zinc-300 dark:border-zinc-700" onClick={() => preset(d)} data-testid={`preset-${d}`}>
            {t("lastDays", { days: d })}
          </Button>
        ))}
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">{t("rangeError", { max: REVIEW_RANGE_MAX_DAYS })}</p>
      )}
    </form>
  );
}

"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { RANGE_PRESETS, type EngagementRange } from "@/lib/url-state/engagement";

const control =
  "h-10 rounded-md border border-zinc-400 bg-white px-3 text-sm dark:border-zinc-600 dark:bg-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600";

/** 7 / 30 / 90 days or "from a date"; the chosen range lives in the URL. */
export function RangePicker({
  range,
  defaultFrom,
  onChange,
}: {
  range: EngagementRange;
  /** Pre-filled date for "from a date": the current range's first day. */
  defaultFrom: string;
  onChange: (range: EngagementRange) => void;
}) {
  const t = useTranslations("analytics.engagement");
  const [custom, setCustom] = useState(range.kind === "custom");
  const [from, setFrom] = useState(range.kind === "custom" ? range.from : defaultFrom);
  const selected = custom ? "custom" : range.kind === "preset" ? range.days : "custom";

  return (
    <form
      className="flex flex-wrap items-end gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (from) onChange({ kind: "custom", from });
      }}
    >
      <fieldset>
        <legend className="mb-1 text-sm font-medium">{t("range")}</legend>
        <div className="flex flex-wrap gap-1" role="radiogroup" aria-label={t("range")}>
          {RANGE_PRESETS.map((days) => (
            <label
              key={days}
              className="inline-flex h-10 cursor-pointer items-center rounded-md border border-zinc-400 px-3 text-sm has-[:checked]:bg-zinc-900 has-[:checked]:text-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-blue-600 dark:border-zinc-600 dark:has-[:checked]:bg-zinc-100 dark:has-[:checked]:text-zinc-900"
            >
              <input
                type="radio"
                name="range"
                value={days}
                className="sr-only"
                checked={selected === days}
                onChange={() => {
                  setCustom(false);
                  onChange({ kind: "preset", days });
                }}
              />
              {t("rangeDays", { days: Number(days) })}
            </label>
          ))}
          <label className="inline-flex h-10 cursor-pointer items-center rounded-md border border-zinc-400 px-3 text-sm has-[:checked]:bg-zinc-900 has-[:checked]:text-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-blue-600 dark:border-zinc-600 dark:has-[:checked]:bg-zinc-100 dark:has-[:checked]:text-zinc-900">
            <input type="radio" name="range" value="custom" className="sr-only" checked={selected === "custom"} onChange={() => setCustom(true)} />
            {t("rangeCustom")}
          </label>
        </div>
      </fieldset>
      {selected === "custom" && (
        <div className="flex items-end gap-2">
          <div className="flex flex-col gap-1">
            <label htmlFor="range-from" className="text-sm font-medium">
              {t("from")}
            </label>
            <input id="range-from" type="date" className={control} value={from} required onChange={(e) => setFrom(e.target.value)} />
          </div>
          <Button type="submit" variant="primary">
            {t("apply")}
          </Button>
        </div>
      )}
    </form>
  );
}

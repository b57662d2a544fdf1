"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import type { GroupOf } from "@/i18n/keys";
import { openLabel, type Translate } from "@/lib/analytics/labels";

/** Labels for open-string values: translated when known, raw when not. */
export function useOpenLabel() {
  const t = useTranslations("analytics");
  // Stable identity, so tables that build columns with it do not rebuild every render.
  return useCallback((group: GroupOf<Translate>, value: string) => openLabel(t, group, value), [t]);
}

/**
 * A calendar day (YYYY-MM-DD) as noon UTC: format it with `DAY` (`timeZone: "UTC"`) and it reads as
 * that day in every zone. Noon at a fixed offset read in the person's zone moved the day in zones far
 * from it (Honolulu saw the day before).
 */
export function dayToDate(day: string): Date {
  return new Date(`${day}T12:00:00Z`);
}

/** Spread into a date format's options with `dayToDate`: a calendar day is no instant, so no zone moves it. */
export const DAY = { timeZone: "UTC" } as const;

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

/** YYYY-MM-DD read as that calendar day in the service's zone (so no off-by-one in formatting). */
export function dayToDate(day: string): Date {
  return new Date(`${day}T12:00:00+03:00`);
}

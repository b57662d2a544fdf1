"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";

/** Seconds as a person reads a wait: "45 s", "12 min", "3 h 5 min", "2 d 4 h"; "—" when unknown. */
export function useDuration() {
  const t = useTranslations("insights.duration");
  return useCallback(
    (seconds: number | null | undefined): string => {
      if (seconds === null || seconds === undefined) return t("none");
      const s = Math.max(0, Math.round(seconds));
      if (s < 60) return t("seconds", { n: s });
      if (s < 3600) return t("minutes", { n: Math.round(s / 60) });
      if (s < 86_400) return t("hoursMinutes", { h: Math.floor(s / 3600), m: Math.floor((s % 3600) / 60) });
      return t("daysHours", { d: Math.floor(s / 86_400), h: Math.floor((s % 86_400) / 3600) });
    },
    [t],
  );
}

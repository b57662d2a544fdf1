"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { labelOr, type GroupOf, type TranslatorFor } from "@/i18n/keys";

/**
 * Label for an open-enum value: the translation under `review.<group>.<value>`
 * when the value is one we know, the raw value as it came otherwise (a new
 * upstream status must show, not crash). `known` keeps dots or odd characters
 * in unknown values from being read as message paths.
 */
export function useEnumLabel(group: GroupOf<TranslatorFor<"review">>, known: readonly string[]): (value: string) => string {
  const t = useTranslations("review");
  return useCallback((value: string) => (known.includes(value) ? labelOr(t, group, value) : value), [t, group, known]);
}

export const VERSION_SOURCES = ["INITIAL", "REGENERATION", "MANUAL_EDIT"] as const;
export const PUBLISH_STATUSES = ["PENDING", "PUBLISHED", "FAILED"] as const;
export const APPROVAL_RESULTS = [
  "approved_now",
  "already_approved",
  "already_published",
  "already_canceled",
  "rejected_now",
  "not_pending",
] as const;

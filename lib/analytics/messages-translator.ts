import { createTranslator } from "next-intl";
import type { Locale } from "@/i18n/config";
import enAnalytics from "@/messages/en/analytics.json";
import enCommon from "@/messages/en/common.json";
import enReview from "@/messages/en/review.json";
import ruAnalytics from "@/messages/ru/analytics.json";
import ruCommon from "@/messages/ru/common.json";
import ruReview from "@/messages/ru/review.json";
import type { Translate } from "./labels";

const MESSAGES = {
  ru: { analytics: ruAnalytics, common: ruCommon, review: ruReview },
  en: { analytics: enAnalytics, common: enCommon, review: enReview },
};

/**
 * A translator over the message files outside React (route handlers, tests),
 * with full keys (`review.status.FAILED`). Only the areas an export needs.
 */
export function messagesTranslator(locale: Locale, namespace?: "analytics" | "common" | "review"): Translate {
  // Keys are built at run time, so next-intl's typed keys are widened to strings here.
  const t = createTranslator({ locale, messages: MESSAGES[locale], namespace }) as unknown as {
    (key: string, values?: Record<string, string | number>): string;
    has: (key: string) => boolean;
  };
  const translate = ((key: string, values?: Record<string, string | number>) => t(key, values)) as Translate;
  translate.has = (key: string) => t.has(key);
  return translate;
}

import { createTranslator, type Messages } from "next-intl";
import type { Locale } from "@/i18n/config";
import type { TranslatorFor } from "@/i18n/keys";
import enAnalytics from "@/messages/en/analytics.json";
import enAuth from "@/messages/en/auth.json";
import enCommon from "@/messages/en/common.json";
import enReview from "@/messages/en/review.json";
import ruAnalytics from "@/messages/ru/analytics.json";
import ruAuth from "@/messages/ru/auth.json";
import ruCommon from "@/messages/ru/common.json";
import ruReview from "@/messages/ru/review.json";

// `satisfies`: English must offer every Russian key the typed translator accepts.
const MESSAGES = {
  ru: { analytics: ruAnalytics, auth: ruAuth, common: ruCommon, review: ruReview },
  en: { analytics: enAnalytics, auth: enAuth, common: enCommon, review: enReview },
} satisfies Record<Locale, Messages>;

type Area = keyof Messages;

/**
 * A translator over the message files outside React (route handlers, tests),
 * typed like useTranslations: with no namespace it reads full keys (`review.status.FAILED`).
 */
export function messagesTranslator(locale: Locale): TranslatorFor;
export function messagesTranslator<NS extends Area>(locale: Locale, namespace: NS): TranslatorFor<NS>;
export function messagesTranslator(locale: Locale, namespace?: Area) {
  return createTranslator<Messages, Area>({ locale, messages: MESSAGES[locale], namespace });
}

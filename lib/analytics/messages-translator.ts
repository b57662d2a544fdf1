// use-intl/core, not next-intl: outside Next (a benchmark under the "react-server" condition) next-intl pulls in React hooks.
import { createTranslator } from "use-intl/core";
import type { Messages } from "next-intl";
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
import enCollab from "@/messages/en/collab.json";
import enInsights from "@/messages/en/insights.json";
import enNotify from "@/messages/en/notify.json";
import enPlanner from "@/messages/en/planner.json";
import enShare from "@/messages/en/share.json";
import enTrends from "@/messages/en/trends.json";
import ruCollab from "@/messages/ru/collab.json";
import ruInsights from "@/messages/ru/insights.json";
import ruNotify from "@/messages/ru/notify.json";
import ruPlanner from "@/messages/ru/planner.json";
import ruShare from "@/messages/ru/share.json";
import ruTrends from "@/messages/ru/trends.json";

// `satisfies`: English must offer every Russian key the typed translator accepts.
const MESSAGES = {
  ru: { analytics: ruAnalytics, auth: ruAuth, common: ruCommon, review: ruReview, collab: ruCollab, insights: ruInsights, notify: ruNotify, planner: ruPlanner, share: ruShare, trends: ruTrends },
  en: { analytics: enAnalytics, auth: enAuth, common: enCommon, review: enReview, collab: enCollab, insights: enInsights, notify: enNotify, planner: enPlanner, share: enShare, trends: enTrends },
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

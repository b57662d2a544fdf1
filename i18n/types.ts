import type { Locale as AppLocale, MessageArea } from "./config";
import type analytics from "../messages/ru/analytics.json";
import type auth from "../messages/ru/auth.json";
import type common from "../messages/ru/common.json";
import type review from "../messages/ru/review.json";
import type collab from "../messages/ru/collab.json";
import type insights from "../messages/ru/insights.json";
import type notify from "../messages/ru/notify.json";
import type planner from "../messages/ru/planner.json";
import type share from "../messages/ru/share.json";
import type trends from "../messages/ru/trends.json";

/**
 * next-intl's typed messages: every `t("…")`, `useTranslations("…")` and
 * `getTranslations("…")` is checked against the Russian files (the default
 * language; i18n/messages.test.ts keeps English in step), one entry per area
 * file that i18n/request.ts loads. Keys built at run time go through i18n/keys.ts.
 *
 * A .ts rather than a .d.ts on purpose: with `skipLibCheck` a broken import in a
 * .d.ts is silent and turns every message key into `any`.
 */
type AppMessages = {
  analytics: typeof analytics;
  auth: typeof auth;
  common: typeof common;
  review: typeof review;
  collab: typeof collab;
  insights: typeof insights;
  notify: typeof notify;
  planner: typeof planner;
  share: typeof share;
  trends: typeof trends;
};

declare module "next-intl" {
  interface AppConfig {
    Locale: AppLocale;
    Messages: AppMessages;
  }
}

/** Does not compile when the areas request.ts loads (MESSAGE_AREAS) and the typed ones differ. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
export type AreasAreTyped = Assert<Same<MessageArea, keyof AppMessages>>;

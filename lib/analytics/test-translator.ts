import { createTranslator } from "next-intl";
import en from "@/messages/en/analytics.json";
import ru from "@/messages/ru/analytics.json";
import type { Translate } from "./labels";

/** The real message files behind a translator, so tests check the words people read. */
export function analyticsTranslator(locale: "ru" | "en"): Translate {
  const t = createTranslator({ locale, messages: { analytics: locale === "ru" ? ru : en }, namespace: "analytics" });
  const translate = ((key: string, values?: Record<string, string | number>) =>
    (t as unknown as (k: string, v?: Record<string, string | number>) => string)(key, values)) as Translate;
  translate.has = (key: string) => (t as unknown as { has: (k: string) => boolean }).has(key);
  return translate;
}

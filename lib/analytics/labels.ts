import { labelOr, type TranslatorFor } from "@/i18n/keys";

/**
 * The translator of the analytics area (`useTranslations("analytics")`,
 * `getTranslations("analytics")`, `messagesTranslator(locale, "analytics")`):
 * typed keys, so the helpers here are checked against the message files.
 */
export type Translate = TranslatorFor<"analytics">;

/**
 * The translated label of an open-string value (tier, campaign type, status,
 * platform…) when we know it, else the value exactly as the upstream sent it.
 */
export const openLabel = labelOr;

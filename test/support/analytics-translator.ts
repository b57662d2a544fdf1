import type { Translate } from "@/lib/analytics/labels";
import { messagesTranslator } from "@/lib/analytics/messages-translator";

/** The real message files behind a translator, so tests check the words people read. */
export function analyticsTranslator(locale: "ru" | "en"): Translate {
  return messagesTranslator(locale, "analytics");
}

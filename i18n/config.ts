export const LOCALES = ["ru", "en"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "ru";
/**
 * The message files of each language, one per area: messages/<locale>/<area>.json,
 * each a namespace (useTranslations("review"), …). Typed in i18n/types.ts.
 */
export const MESSAGE_AREAS = ["analytics", "auth", "collab", "common", "insights", "notify", "planner", "review", "share", "trends"] as const;
export type MessageArea = (typeof MESSAGE_AREAS)[number];
/** Cookie that remembers the language switch. */
export const LOCALE_COOKIE = "NEXT_LOCALE";

export function toLocale(value: string | undefined): Locale {
  return value === "en" ? "en" : DEFAULT_LOCALE;
}

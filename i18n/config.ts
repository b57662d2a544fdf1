export const LOCALES = ["ru", "en"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "ru";
/**
 * The message files of each language, one per area: messages/<locale>/<area>.json,
 * each a namespace (useTranslations("review"), …). Typed in i18n/types.ts.
 */
export const MESSAGE_AREAS = ["analytics", "auth", "collab", "common", "insights", "notify", "planner", "review", "share", "trends"] as const;
/**
 * Texts of the server's answers (errors, notes), read only through i18n/server-text.ts: not
 * loaded by the request config nor typed with the interface's messages, never sent to the browser.
 */
export const SERVER_AREAS = ["server"] as const;
export type MessageArea = (typeof MESSAGE_AREAS)[number];
/** Cookie that remembers the language switch. */
export const LOCALE_COOKIE = "NEXT_LOCALE";

export function toLocale(value: string | undefined): Locale {
  return value === "en" ? "en" : DEFAULT_LOCALE;
}

/** The team's time zone when TEAM_TIME_ZONE is not set (lib/time/zone.ts re-exports it: lib imports i18n, never the reverse). */
export const DEFAULT_TIME_ZONE = "Europe/Moscow";

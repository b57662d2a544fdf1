import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { DEFAULT_LOCALE, LOCALE_COOKIE, MESSAGE_AREAS, toLocale } from "./config";
import { fromAcceptLanguage } from "@/lib/server/request-locale";
import { requestTimeZone } from "@/lib/server/profile/request-zone";

/**
 * Messages live in one file per area and language (messages/<locale>/<area>.json),
 * so each area's texts can change without touching the others; each file is a
 * namespace: useTranslations("review"), useTranslations("analytics"), ...
 */
export default getRequestConfig(async () => {
  // The language switch's choice, else the browser's (Accept-Language), else Russian; as the API's errors (lib/server/request-locale.ts).
  const chosen = (await cookies()).get(LOCALE_COOKIE)?.value;
  const locale = chosen ? toLocale(chosen) : (fromAcceptLanguage((await headers()).get("accept-language")) ?? DEFAULT_LOCALE);
  const [entries, timeZone] = await Promise.all([
    Promise.all(MESSAGE_AREAS.map(async (area) => [area, (await import(`../messages/${locale}/${area}.json`)).default] as const)),
    requestTimeZone(),
  ]);
  // The person's zone (or the team's) reaches every formatter, here and through NextIntlClientProvider.
  return { locale, messages: Object.fromEntries(entries), timeZone };
});

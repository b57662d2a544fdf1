import { cookies } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { LOCALE_COOKIE, MESSAGE_AREAS, toLocale } from "./config";
import { requestTimeZone } from "./time-zone";

/**
 * Messages live in one file per area and language (messages/<locale>/<area>.json),
 * so each area's texts can change without touching the others; each file is a
 * namespace: useTranslations("review"), useTranslations("analytics"), ...
 */
export default getRequestConfig(async () => {
  const locale = toLocale((await cookies()).get(LOCALE_COOKIE)?.value);
  const [entries, timeZone] = await Promise.all([
    Promise.all(MESSAGE_AREAS.map(async (area) => [area, (await import(`../messages/${locale}/${area}.json`)).default] as const)),
    requestTimeZone(),
  ]);
  // The person's zone (or the team's) reaches every formatter, here and through NextIntlClientProvider.
  return { locale, messages: Object.fromEntries(entries), timeZone };
});

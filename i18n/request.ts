import { cookies } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { LOCALE_COOKIE, MESSAGE_AREAS, toLocale } from "./config";

/**
 * Messages live in one file per area and language (messages/<locale>/<area>.json),
 * so each area's texts can change without touching the others; each file is a
 * namespace: useTranslations("review"), useTranslations("analytics"), ...
 */
export default getRequestConfig(async () => {
  const locale = toLocale((await cookies()).get(LOCALE_COOKIE)?.value);
  const entries = await Promise.all(
    MESSAGE_AREAS.map(async (area) => [area, (await import(`../messages/${locale}/${area}.json`)).default] as const),
  );
  return { locale, messages: Object.fromEntries(entries), timeZone: "Europe/Moscow" };
});

import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { DEFAULT_LOCALE, type Locale } from "@/i18n/config";

// The language read from a request's headers; apart so the proxy (no server-only there) reads it too.
export { fromAcceptLanguage, localeOfRequest } from "@/i18n/locale-of-request";

/*
 * The language a request is answered in: the interface's language switch (the NEXT_LOCALE
 * cookie), else the browser's Accept-Language, else Russian. The route wrapper
 * (lib/server/route/with-request.ts) runs each handler in it, so the error envelope, written
 * far from the request, is written in the person's language (lib/server/errors.ts).
 */

const KEY = Symbol.for("review-dashboard.request-locale");
const g = globalThis as typeof globalThis & { [KEY]?: AsyncLocalStorage<Locale> };
// One store per process, however many route bundles load this module (like the log context).
const store = (g[KEY] ??= new AsyncLocalStorage<Locale>());

export function withRequestLocale<T>(locale: Locale, fn: () => T): T {
  return store.run(locale, fn);
}

/** The language of the request being answered; Russian outside one. */
export function requestLocale(): Locale {
  return store.getStore() ?? DEFAULT_LOCALE;
}

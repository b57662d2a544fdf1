import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALES, toLocale, type Locale } from "./config";

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

function cookieValue(header: string | null, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return decodeURIComponent(v.join("="));
  }
  return undefined;
}

/** The best of our languages in an Accept-Language header (`en-GB,en;q=0.9,ru;q=0.8` → en), or undefined. */
export function fromAcceptLanguage(header: string | null): Locale | undefined {
  const ranked = (header ?? "")
    .split(",")
    .map((part, i) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = Number(params.find((p) => p.trim().startsWith("q="))?.trim().slice(2) ?? "1");
      return { lang: tag.trim().toLowerCase().split("-")[0] ?? "", q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((x) => x.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return ranked.map((x) => x.lang).find((l): l is Locale => (LOCALES as readonly string[]).includes(l));
}

export function localeOfRequest(req: { headers: Headers }): Locale {
  const chosen = cookieValue(req.headers.get("cookie"), LOCALE_COOKIE);
  if (chosen) return toLocale(chosen);
  return fromAcceptLanguage(req.headers.get("accept-language")) ?? DEFAULT_LOCALE;
}

export function withRequestLocale<T>(locale: Locale, fn: () => T): T {
  return store.run(locale, fn);
}

/** The language of the request being answered; Russian outside one. */
export function requestLocale(): Locale {
  return store.getStore() ?? DEFAULT_LOCALE;
}

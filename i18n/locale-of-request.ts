import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALES, toLocale, type Locale } from "./config";

// The language a request asks for, from its headers alone: the NEXT_LOCALE cookie, else
// Accept-Language, else Russian. Free of server-only, so proxy.ts can answer in it too.

function cookieValue(header: string | null, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k !== name) continue;
    // A malformed escape (`%E0`) is a value we do not know, never an error: the request still gets its answer.
    try {
      return decodeURIComponent(v.join("="));
    } catch {
      return v.join("=");
    }
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


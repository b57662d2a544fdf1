import "server-only";
import en from "@/messages/en/share.json";
import ru from "@/messages/ru/share.json";
import type { Locale } from "@/i18n/config";

/*
 * The page an unknown, expired or revoked link answers (404 or 410): plain
 * HTML from a route handler, since a React page cannot answer 410. Words
 * from messages/<locale>/share.json, light and dark by the system's scheme,
 * no script; inline styles are what the CSP already allows for pages.
 */
export type GonePageReason = "not_found" | "link_expired" | "link_revoked" | "link_stopped";

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function gonePageHtml(reason: GonePageReason, locale: Locale): string {
  const m = locale === "en" ? en : ru;
  const { title, text } = m.gone[reason];
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${escape(title)} · ${escape(m.page.brand)}</title>
<style>
  :root { color-scheme: light dark; font-family: ui-sans-serif, system-ui, sans-serif; }
  body { margin: 0; min-height: 100dvh; background: #fafafa; color: #18181b; }
  header { padding: .75rem 1rem; border-bottom: 1px solid #e4e4e7; background: #fff; font-size: .875rem; font-weight: 500; color: #3f3f46; }
  main { padding: 1.5rem 1rem; }
  section { max-width: 32rem; margin: 1.5rem auto 0; padding: 1.5rem; border: 1px solid #e4e4e7; border-radius: .75rem; background: #fff; }
  h1 { margin: 0; font-size: 1.25rem; }
  p { margin: .5rem 0 0; font-size: .875rem; line-height: 1.5; color: #3f3f46; }
  @media (prefers-color-scheme: dark) {
    body { background: #09090b; color: #f4f4f5; }
    header, section { background: #18181b; border-color: #27272a; color: #d4d4d8; }
    p { color: #d4d4d8; }
  }
</style>
</head>
<body>
<header>${escape(m.page.brand)}</header>
<main id="main">
<section aria-labelledby="gone-title" data-share-gone="${reason}">
<h1 id="gone-title">${escape(title)}</h1>
<p>${escape(text)}</p>
</section>
</main>
</body>
</html>`;
}

// Which scripts a page's HTML itself asks for: its first-load JavaScript, as
// opposed to the chunks loaded later on demand (next/dynamic and import():
// charts, the diff, the schema check's worker) during the same Lighthouse load.
import { shortUrl } from "./report";

/** The chunk files named anywhere in the document: script tags, preloads and the inline RSC payload's client references. */
export async function htmlScripts(url: string, cookie?: string): Promise<Set<string>> {
  const res = await fetch(url, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
  const html = await res.text();
  const found = new Set<string>();
  // In the RSC payload the paths sit in escaped JSON strings (\"/_next/…\"), hence no quote in the pattern.
  for (const m of html.matchAll(/\/_next\/static\/chunks\/[A-Za-z0-9_.\-~]+\.js/g)) found.add(shortUrl(`http://x${m[0]}`));
  return found;
}

/** gzip bytes of the load's scripts, split into those the HTML names (first load) and the rest (loaded on demand). */
export function splitScripts(scripts: readonly { url: string; gzip: number }[], inHtml: ReadonlySet<string>): { first: number; later: number } {
  let first = 0;
  let later = 0;
  for (const s of scripts) {
    if (inHtml.has(shortUrl(s.url))) first += Math.max(0, s.gzip);
    else later += Math.max(0, s.gzip);
  }
  return { first, later };
}

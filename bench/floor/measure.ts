// First-load JS of one page, by the measure of `npm run bench:web`: the chunk files
// the page's HTML names (htmlScripts in bench/web/html-scripts.ts), each fetched
// and gzipped at level 6, summed. Minus the chunks in `<script noModule>` tags
// (Next's polyfills for browsers without ES modules, ~39 kB gzip): htmlScripts
// counts every chunk path in the document, but a modern browser never fetches
// those, so they never reach the Lighthouse figures of bench:web either.
import { gzipSync } from "node:zlib";
import { htmlScripts } from "../web/html-scripts";
import { shortUrl } from "../web/report";

export type Chunk = { file: string; raw: number; gzip: number };

export type PageJs = {
  /** Chunks a modern browser loads for the page, largest first. */
  chunks: Chunk[];
  /** Chunks the HTML names only in `<script noModule>` tags: not counted. */
  noModule: Chunk[];
  gzip: number;
  raw: number;
  /** Whether any counted chunk holds the ICU message parser (which precompiled messages should keep out). */
  icuParser: boolean;
};

/** Chunk file names (as htmlScripts names them) of the `<script … noModule …>` tags in `html`. */
export function noModuleScripts(html: string, pageUrl: string): Set<string> {
  const found = new Set<string>();
  for (const m of html.matchAll(/<script\b([^>]*)>/gi)) {
    const attrs = m[1] ?? "";
    // A boolean attribute: `nomodule`, `noModule=""`, `nomodule="nomodule"`, in any case.
    if (!/\snomodule(?=[\s=/]|$)/i.test(attrs)) continue;
    const src = /\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(attrs);
    const value = src?.[1] ?? src?.[2] ?? src?.[3];
    if (value) found.add(shortUrl(new URL(value.replace(/&amp;/g, "&"), pageUrl).href));
  }
  return found;
}

// Error kinds of @formatjs/icu-messageformat-parser, kept as strings in its minified build.
const ICU_PARSER = /MALFORMED_ARGUMENT|EXPECT_ARGUMENT_CLOSING_BRACE/;

/** `cookie`: a signed-in session, for the dashboard's own pages (bench:web compares them with the floor). */
export async function measurePage(pageUrl: string, cookie?: string): Promise<PageJs> {
  const named = await htmlScripts(pageUrl, cookie);
  // htmlScripts reads the HTML itself and gives back names only: a second read for the tags.
  const res = await fetch(pageUrl, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  if (!res.ok) throw new Error(`GET ${pageUrl}: ${res.status}`);
  const skipped = noModuleScripts(await res.text(), pageUrl);

  const chunks: Chunk[] = [];
  const noModule: Chunk[] = [];
  let icuParser = false;
  for (const file of [...named].sort()) {
    const url = new URL(`/_next/static/chunks/${file}`, pageUrl).href;
    const r = await fetch(url);
    if (!r.ok) throw new Error(`GET ${url}: ${r.status}`);
    // fetch undoes the server's own compression: these are the file's bytes, gzipped here like bench/web/lighthouse.ts does.
    const body = Buffer.from(await r.arrayBuffer());
    const chunk = { file, raw: body.length, gzip: gzipSync(body, { level: 6 }).length };
    if (skipped.has(file)) noModule.push(chunk);
    else {
      chunks.push(chunk);
      icuParser ||= ICU_PARSER.test(body.toString("utf8"));
    }
  }
  const bySize = (a: Chunk, b: Chunk) => b.gzip - a.gzip;
  return {
    chunks: chunks.sort(bySize),
    noModule: noModule.sort(bySize),
    gzip: chunks.reduce((s, c) => s + c.gzip, 0),
    raw: chunks.reduce((s, c) => s + c.raw, 0),
    icuParser,
  };
}

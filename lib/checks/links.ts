import { LinkifyIt } from "linkify-it";
import { parse } from "tldts";
import type { CheckRules } from "./rules";
import type { Finding } from "./types";

/*
 * Links in a post (linkify-it finds them, with offsets; tldts tells a raw IP
 * and a registrable domain), and what the rules say of them: well-formed
 * http(s), no raw IP addresses, no link shorteners unless the campaign allows
 * the one used.
 */

export type Link = { url: string; start: number; end: number; schema: string };

const linkify = new LinkifyIt().set({ fuzzyIP: true, fuzzyEmail: false });
// Links without a scheme too ("bit.ly/x", "www.shop.ru"): linkify-it 6 finds those only with fuzzyLink,
// which costs several times the schemed search, so it runs only on a text with a word.word left over.
const fuzzy = new LinkifyIt().set({ fuzzyLink: true, fuzzyIP: true, fuzzyEmail: false });
const DOMAINISH = /[\p{L}\p{N}]\.\p{L}{2}/u;

/** Well-known public shorteners (their registrable domain). */
export const SHORTENERS = new Set([
  "bit.ly", "bitly.com", "goo.gl", "t.co", "tinyurl.com", "ow.ly", "is.gd", "v.gd", "buff.ly", "cutt.ly",
  "rebrand.ly", "shorturl.at", "tiny.cc", "rb.gy", "clck.ru", "vk.cc", "u.to", "qps.ru", "lnkd.in", "s.id",
  "t.ly", "surl.li", "shorte.st", "adf.ly", "bl.ink", "short.io", "gg.gg", "x.gd", "clc.to", "inlnk.ru",
]);

export function findLinks(text: string): Link[] {
  const schemed = linkify.match(text) ?? [];
  let rest = text;
  for (const m of schemed) rest = `${rest.slice(0, m.index)}${" ".repeat(m.lastIndex - m.index)}${rest.slice(m.lastIndex)}`;
  const found = DOMAINISH.test(rest) ? (fuzzy.match(text) ?? []) : schemed;
  return found.map((m) => ({ url: m.url, start: m.index, end: m.lastIndex, schema: m.schema.toLowerCase() }));
}

/** The URL parsed, or null when it is not a well-formed http(s) URL. */
export function httpUrl(raw: string): URL | null {
  try {
    const u = new URL(raw);
    return (u.protocol === "http:" || u.protocol === "https:") && u.hostname.length > 0 ? u : null;
  } catch {
    return null;
  }
}

export function linkFindings(links: readonly Link[], rules: CheckRules): Finding[] {
  const level = rules.links.level;
  if (level === "off") return [];
  const allowed = new Set(rules.links.allowed_shorteners);
  const out: Finding[] = [];
  for (const l of links) {
    if (l.schema === "mailto:") continue;
    const u = httpUrl(l.url);
    if (!u) {
      out.push({ rule: "link_format", severity: level, start: l.start, end: l.end, note: "Ссылка не http(s) или записана с ошибкой", says: { key: "link_format" } });
      continue;
    }
    const p = parse(u.hostname);
    if (p.isIp || u.hostname.startsWith("[")) {
      out.push({ rule: "link_ip", severity: level, start: l.start, end: l.end, note: "Ссылка на IP-адрес вместо домена", says: { key: "link_ip" } });
      continue;
    }
    const domain = p.domain ?? u.hostname;
    if ((SHORTENERS.has(domain) || SHORTENERS.has(u.hostname)) && !allowed.has(domain) && !allowed.has(u.hostname)) {
      out.push({ rule: "link_shortener", severity: level, start: l.start, end: l.end, note: `Сокращённая ссылка (${domain}): читатель не видит, куда она ведёт`, says: { key: "link_shortener", values: { domain } } });
    }
  }
  return out;
}

// The error envelope `{ "error": { "code", "message" } }` for answers the edge
// makes itself, before or instead of Next. Statuses match lib/server/errors.ts
// and the messages are the server's own (messages/<locale>/server.json, in the
// request's language); edge.test.ts checks both agree with the app. Plain
// JavaScript, so server.mjs runs it with bare `node`.
import { readFileSync } from "node:fs";
import { ALLOWED_METHODS } from "./limits.mjs";

/** @type {Record<string, number>} */
export const EDGE_STATUS = {
  validation_error: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  payload_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  headers_too_large: 431,
  internal_error: 500,
  service_unavailable: 503,
};

/** Seconds in Retry-After of a 503 the edge passes on without one (lib/server/errors.ts DEFAULT_RETRY_AFTER_SECONDS). */
export const RETRY_AFTER_SECONDS = 30;

// i18n/config.ts: the languages, the default and the interface's language switch.
const LOCALES = ["ru", "en"];
const DEFAULT_LOCALE = "ru";
const LOCALE_COOKIE = "NEXT_LOCALE";

/** @type {Record<string, Record<string, string>>} the `errors` texts of messages/<locale>/server.json */
const MESSAGES = Object.fromEntries(
  LOCALES.map((locale) => [locale, JSON.parse(readFileSync(new URL(`../../messages/${locale}/server.json`, import.meta.url), "utf8")).errors]),
);

/**
 * The language of an answer, as i18n/request-locale.ts picks it: the
 * NEXT_LOCALE cookie, else the first of our languages the browser accepts
 * (by q), else Russian.
 * @param {import("node:http").IncomingHttpHeaders} [headers]
 */
export function localeOf(headers = {}) {
  const cookie = String(headers.cookie ?? "")
    .split(";")
    .map((part) => part.trim().split("="))
    .find(([name]) => name === LOCALE_COOKIE)?.[1];
  if (cookie) return LOCALES.includes(cookie) ? cookie : DEFAULT_LOCALE;
  const accepted = String(headers["accept-language"] ?? "")
    .split(",")
    .map((part, i) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = Number(params.find((p) => p.trim().startsWith("q="))?.trim().slice(2) ?? "1");
      return { lang: tag.trim().toLowerCase().split("-")[0], q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((x) => x.q > 0 && LOCALES.includes(x.lang))
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return accepted[0]?.lang ?? DEFAULT_LOCALE;
}

/** @param {string} code @param {string} locale */
export function edgeMessage(code, locale) {
  const texts = MESSAGES[locale] ?? MESSAGES[DEFAULT_LOCALE];
  return texts[code] ?? texts.internal_error;
}

/**
 * The code for an error status that came without one (Next's own 404, 405, 500).
 * @param {number} status
 */
export function codeForStatus(status) {
  const known = Object.entries(EDGE_STATUS).find(([, s]) => s === status);
  if (known) return known[0];
  return status >= 500 ? "internal_error" : "validation_error";
}

/** @param {string} code @param {string} [locale] */
export function envelopeJson(code, locale = DEFAULT_LOCALE) {
  return JSON.stringify({ error: { code, message: edgeMessage(code, locale) } });
}

/**
 * Headers of an edge answer besides the security ones: JSON, never cached,
 * Allow on 405, Retry-After on 503.
 * @param {number} status
 * @param {string} body
 * @returns {Array<[string, string]>}
 */
export function envelopeHeaders(status, body) {
  /** @type {Array<[string, string]>} */
  const headers = [
    ["Content-Type", "application/json"],
    ["Content-Length", String(Buffer.byteLength(body))],
    ["Cache-Control", "private, no-store"],
  ];
  if (status === 405) headers.push(["Allow", ALLOWED_METHODS.join(", ")]);
  if (status === 503) headers.push(["Retry-After", String(RETRY_AFTER_SECONDS)]);
  return headers;
}

/**
 * A whole HTTP/1.1 answer as text, for a socket the HTTP parser gave up on
 * (bad request line, headers too large, unknown method, CONNECT), where there
 * is no response object and no headers to read a language from. The
 * connection is closed after it.
 * @param {string} code
 * @param {Array<[string, string]>} securityHeaders
 */
export function rawEnvelope(code, securityHeaders) {
  const status = EDGE_STATUS[code] ?? 400;
  const body = envelopeJson(code);
  const lines = [`HTTP/1.1 ${status} ${reasonPhrase(status)}`];
  for (const [name, value] of [...securityHeaders, ...envelopeHeaders(status, body), ["Connection", "close"]]) lines.push(`${name}: ${value}`);
  return `${lines.join("\r\n")}\r\n\r\n${body}`;
}

/** @param {number} status */
function reasonPhrase(status) {
  return { 400: "Bad Request", 405: "Method Not Allowed", 408: "Request Timeout", 413: "Payload Too Large", 414: "URI Too Long", 431: "Request Header Fields Too Large" }[status] ?? "Error";
}

// The error envelope `{ "error": { "code", "message" } }` for answers the edge
// makes itself, before or instead of Next. Codes, statuses and messages match
// lib/server/errors.ts (edge.test.ts checks that they agree); this copy exists
// because server.mjs runs as plain JavaScript, without the app's TypeScript.

/** @type {Record<string, [number, string]>} */
export const EDGE_ERRORS = {
  validation_error: [400, "Недопустимые параметры запроса"],
  unauthorized: [401, "Требуется вход в систему"],
  forbidden: [403, "Недостаточно прав для этого действия"],
  not_found: [404, "Не найдено"],
  method_not_allowed: [405, "Метод запроса не поддерживается"],
  request_timeout: [408, "Запрос не был получен вовремя"],
  payload_too_large: [413, "Тело запроса слишком большое"],
  uri_too_long: [414, "Адрес запроса слишком длинный"],
  unsupported_media_type: [415, "Тело запроса должно быть в формате JSON (Content-Type: application/json)"],
  headers_too_large: [431, "Заголовки запроса слишком большие"],
  internal_error: [500, "Внутренняя ошибка сервера"],
  service_unavailable: [503, "Сервис временно недоступен"],
};

/** Methods the dashboard answers; anything else (TRACE, CONNECT, WebDAV…) is refused with 405. */
export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** Seconds in Retry-After of a 503 the edge passes on without one (lib/server/errors.ts DEFAULT_RETRY_AFTER_SECONDS). */
export const RETRY_AFTER_SECONDS = 30;

/**
 * The code for an error status that came without one (Next's own 404, 405, 500).
 * @param {number} status
 */
export function codeForStatus(status) {
  const known = Object.entries(EDGE_ERRORS).find(([, [s]]) => s === status);
  if (known) return known[0];
  return status >= 500 ? "internal_error" : "validation_error";
}

/**
 * @param {string} code
 * @param {string} [message]
 */
export function envelopeJson(code, message) {
  return JSON.stringify({ error: { code, message: message ?? EDGE_ERRORS[code]?.[1] ?? EDGE_ERRORS.internal_error[1] } });
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
 * is no response object. The connection is closed after it.
 * @param {string} code
 * @param {Array<[string, string]>} securityHeaders
 */
export function rawEnvelope(code, securityHeaders) {
  const status = EDGE_ERRORS[code]?.[0] ?? 400;
  const body = envelopeJson(code);
  const lines = [`HTTP/1.1 ${status} ${reasonPhrase(status)}`];
  for (const [name, value] of [...securityHeaders, ...envelopeHeaders(status, body), ["Connection", "close"]]) lines.push(`${name}: ${value}`);
  return `${lines.join("\r\n")}\r\n\r\n${body}`;
}

/** @param {number} status */
function reasonPhrase(status) {
  return { 400: "Bad Request", 405: "Method Not Allowed", 408: "Request Timeout", 413: "Payload Too Large", 414: "URI Too Long", 431: "Request Header Fields Too Large" }[status] ?? "Error";
}

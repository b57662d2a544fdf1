// What the edge refuses before Next sees a request, and the body limits
// (also read by the sign-in route, which limits its body itself).

/** Methods the dashboard answers; anything else (TRACE, CONNECT, WebDAV…) is refused with 405. */
export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** Longest request target (path and query) accepted; the app's own links stay far below. */
export const MAX_URL_BYTES = 8 * 1024;
/** Sign-in, sign-out and CSRF forms are tiny; a big body there is only ever an attack. */
export const AUTH_BODY_LIMIT = 16 * 1024;
/** Everything else: decisions and bulk jobs carry at most a few hundred ids and reasons. */
export const BODY_LIMIT = 1024 * 1024;

/**
 * The path of a request target, without the query.
 * @param {string} url
 */
export function pathOf(url) {
  const q = url.indexOf("?");
  return q === -1 ? url : url.slice(0, q);
}

/**
 * @param {string} path
 * @param {string} prefix
 */
export function isUnder(path, prefix) {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** @param {string} path */
export function bodyLimitFor(path) {
  return isUnder(path, "/api/auth") ? AUTH_BODY_LIMIT : BODY_LIMIT;
}

/**
 * The error code to refuse a request with before it reaches Next, or null.
 * A path whose escapes do not decode makes Next answer a bare-text 500; a
 * request target that is not a path (`*`, `http://…`) has no page here.
 * @param {{ method?: string, url?: string, headers: import("node:http").IncomingHttpHeaders }} req
 * @returns {string | null}
 */
export function refusalFor(req) {
  const method = req.method ?? "";
  if (!ALLOWED_METHODS.includes(method)) return "method_not_allowed";
  const url = req.url ?? "";
  if (Buffer.byteLength(url) > MAX_URL_BYTES) return "uri_too_long";
  if (!url.startsWith("/") || url.startsWith("//")) return "validation_error";
  try {
    decodeURIComponent(pathOf(url));
  } catch {
    return "validation_error";
  }
  const length = req.headers["content-length"];
  if (length !== undefined && Number(length) > bodyLimitFor(pathOf(url))) return "payload_too_large";
  return null;
}

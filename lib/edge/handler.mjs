// The edge in front of Next: every request passes here first (server.mjs).
// It fixes the client address, refuses what Next would answer badly or should
// never read, and keeps Next's own API errors in the envelope.
import { request } from "node:http";
import { rewriteForwardedHeaders } from "./client-address.mjs";
import { envelopeHeaders, envelopeJson, EDGE_ERRORS, rawEnvelope } from "./envelope.mjs";
import { bodyLimitFor, isUnder, limitBody, pathOf, refusalFor } from "./limits.mjs";
import { guardResponse } from "./response-guard.mjs";

/**
 * How long a refused upload may keep sending before its connection is cut.
 * Generous: ten 40 MB uploads at once on a busy machine take seconds to
 * drain, and a client cut while sending loses its answer to the reset.
 */
export const LINGER_MS = 30_000;

/**
 * @typedef {import("node:http").IncomingMessage} Req
 * @typedef {import("node:http").ServerResponse} Res
 * @typedef {{
 *   handle: (req: Req, res: Res) => Promise<unknown>,
 *   trustedProxies: number,
 *   securityHeaders: Array<[string, string]>,
 *   onError?: (error: unknown) => void,
 * }} EdgeOptions
 */

/**
 * The request listener for http.createServer.
 * @param {EdgeOptions} options
 * @returns {(req: Req, res: Res) => void}
 */
export function createEdgeHandler({ handle, trustedProxies, securityHeaders, onError = () => {} }) {
  return (req, res) => {
    // Before anything else, so that every answer, Next's included, has them;
    // Next sets its own (the page's nonce policy) over these.
    for (const [name, value] of securityHeaders) res.setHeader(name, value);
    rewriteForwardedHeaders(req, trustedProxies);

    const refusal = refusalFor(req);
    if (refusal) {
      refuse(req, res, refusal);
      return;
    }
    const path = pathOf(req.url ?? "/");
    if (req.method === "OPTIONS" && !isUnder(path, "/api")) {
      // Next answers a page's OPTIONS with a bare 400; pages are read, never preflighted.
      res.statusCode = 204;
      res.setHeader("Allow", "GET, HEAD, OPTIONS");
      keepConnectionForAnswer(req, res);
      res.end();
      lingerThenClose(req, res);
      return;
    }
    // An OPTIONS answered 405 is never asked about again: that would loop.
    const allowFor = req.method === "OPTIONS" ? undefined : () => allowedMethods(req, path);
    const guard = guardResponse(res, { envelopeErrors: isUnder(path, "/api"), securityHeaders, allowFor });
    limitBody(req, bodyLimitFor(path), () => {
      keepConnectionForAnswer(req, res);
      // Answered already (a route that refused without reading): that answer stands, the rest drains.
      if (guard.takeOver("payload_too_large") || res.writableFinished) lingerThenClose(req, res);
    });
    handle(req, res).catch((error) => {
      onError(error);
      if (!guard.takeOver("internal_error")) res.destroy();
    });
  };
}

/** Allow of routes seen answering 405, by path; cleared when full so that endless ids cannot grow it. */
const allowCache = new Map();

/**
 * The methods a route serves, for the Allow header of a 405 Next made without
 * one: Next's own automatic OPTIONS answer names them. Asked of this same
 * server over loopback; undefined when it does not answer within a second.
 * @param {Req} req
 * @param {string} path
 * @returns {Promise<string | undefined>}
 */
function allowedMethods(req, path) {
  if (allowCache.has(path)) return Promise.resolve(allowCache.get(path));
  return new Promise((resolve) => {
    const ask = request({ host: req.socket.localAddress, port: req.socket.localPort, method: "OPTIONS", path, timeout: 1000 }, (answer) => {
      answer.resume();
      const allow = answer.statusCode === 204 && typeof answer.headers.allow === "string" ? answer.headers.allow : undefined;
      if (allowCache.size >= 1000) allowCache.clear();
      allowCache.set(path, allow);
      resolve(allow);
    });
    ask.on("timeout", () => ask.destroy());
    ask.on("error", () => resolve(undefined));
    ask.end();
  });
}

/**
 * Answers `code` in the envelope, with the security headers already set.
 * @param {Req} req
 * @param {Res} res
 * @param {string} code
 */
function refuse(req, res, code) {
  const body = envelopeJson(code);
  res.statusCode = EDGE_ERRORS[code]?.[0] ?? 400;
  for (const [name, value] of envelopeHeaders(res.statusCode, body)) res.setHeader(name, value);
  keepConnectionForAnswer(req, res);
  res.end(body);
  lingerThenClose(req, res);
}

/**
 * A client still sending a body it was refused (a 40 MB sign-in) must get to
 * read the answer. Were the server to close the socket right after it (as it
 * does when the client asked for `Connection: close`), the unread upload turns
 * the close into a TCP reset, and the reset makes the client's kernel drop the
 * answer it had not read yet. Kept open, Node reads and drops the rest of the
 * body; the client closes once it has the answer, and lingerThenClose cuts
 * an upload that never ends. Call before the answer's headers are written.
 * @param {Req} req
 * @param {Res} res
 */
function keepConnectionForAnswer(req, res) {
  if (!req.complete && !res.headersSent) res.shouldKeepAlive = true;
}

/**
 * Node reads and drops the rest of an unread body after the answer, so the
 * connection can be reused and the client, still sending, gets to read the
 * answer instead of a reset. An upload that goes on past LINGER_MS (endless
 * chunks) has its connection closed.
 * @param {Req} req
 * @param {Res} res
 */
function lingerThenClose(req, res) {
  if (req.complete) return;
  res.once("finish", () => {
    const timer = setTimeout(() => req.complete || req.socket.destroy(), LINGER_MS);
    timer.unref();
  });
}

/**
 * Answers for requests the HTTP parser itself rejects (no response object
 * exists): an unknown method, a malformed request line or header, headers over
 * the server's maxHeaderSize, a request too slow to arrive; and CONNECT, which
 * Node hands to a separate event.
 * @param {import("node:http").Server} server
 * @param {Array<[string, string]>} securityHeaders
 */
export function attachEdgeListeners(server, securityHeaders) {
  server.on("clientError", (/** @type {NodeJS.ErrnoException} */ error, socket) => {
    // A response already under way on this socket cannot be followed by another.
    const inFlight = /** @type {{ _httpMessage?: { headersSent?: boolean } }} */ (socket)._httpMessage;
    if (error.code === "ECONNRESET" || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    socket.end(rawEnvelope(clientErrorCode(error.code), securityHeaders));
  });
  server.on("connect", (_req, socket) => {
    socket.end(rawEnvelope("method_not_allowed", securityHeaders));
  });
}

/** @param {string | undefined} code */
export function clientErrorCode(code) {
  if (code === "HPE_HEADER_OVERFLOW") return "headers_too_large";
  if (code === "HPE_INVALID_METHOD") return "method_not_allowed";
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") return "request_timeout";
  return "validation_error";
}

// The edge in front of Next: every request passes here first (server.mjs) and
// is forwarded to Next, which listens on a private socket. It does only what
// Next has no hook for: it fixes the client address, refuses what Next would
// answer badly or should never read, limits bodies while they arrive (before
// next-auth reads one), and puts Next's own API errors in the envelope. It
// sees Next's answer before sending anything, so nothing of Node's response
// is patched.
import { Agent, request } from "node:http";
import { rewriteForwardedHeaders } from "./client-address.mjs";
import { codeForStatus, EDGE_STATUS, envelopeHeaders, envelopeJson, localeOf, rawEnvelope, RETRY_AFTER_SECONDS } from "./envelope.mjs";
import { bodyLimitFor, isUnder, pathOf, refusalFor } from "./limits.mjs";

/**
 * How long a refused upload may keep sending before its connection is cut.
 * Generous: ten 40 MB uploads at once on a busy machine take seconds to
 * drain, and a client cut while sending loses its answer to the reset.
 */
export const LINGER_MS = 30_000;

/** How long an answer Next already sent may take to arrive once the edge has cut the body it was reading. */
const ANSWER_GRACE_MS = 300;
/** Hop-by-hop headers: about one connection, never forwarded (RFC 9110 §7.6.1); Node writes its own. */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "te", "trailer", "upgrade", "expect"]);
/** What described Next's body, dropped when the edge answers in the envelope instead. */
const BODY_HEADERS = ["content-type", "content-length", "content-encoding", "etag", "last-modified", "content-disposition"];

/**
 * @typedef {import("node:http").IncomingMessage} Req
 * @typedef {import("node:http").ServerResponse} Res
 * @typedef {{ socketPath: string } | { host: string, port: number }} Upstream
 * @typedef {{
 *   upstream: Upstream,
 *   trustedProxies: number,
 *   securityHeaders: Array<[string, string]>,
 *   onError?: (error: unknown) => void,
 * }} EdgeOptions
 */

/**
 * The request listener of the public server (http.createServer).
 * @param {EdgeOptions} options
 * @returns {(req: Req, res: Res) => void}
 */
export function createEdgeHandler({ upstream, trustedProxies, securityHeaders, onError = () => {} }) {
  // Connections to Next are kept and reused, as a proxy in front of it would.
  const agent = new Agent({ keepAlive: true });
  return (req, res) => {
    // Before anything else, so that every answer has them; Next's own (the page's nonce policy) replace these.
    for (const [name, value] of securityHeaders) res.setHeader(name, value);
    rewriteForwardedHeaders(req, trustedProxies);

    const refusal = refusalFor(req);
    if (refusal) {
      answer(req, res, refusal);
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
    forward(req, res, { upstream, agent, path, onError });
  };
}

/**
 * Sends the request on to Next and its answer back, counting the body as it
 * arrives: past the limit Next's request is cut and the client gets 413 (or
 * what Next already answered), while the rest of its upload is read and dropped.
 * @param {Req} req
 * @param {Res} res
 * @param {{ upstream: Upstream, agent: Agent, path: string, onError: (error: unknown) => void }} options
 */
function forward(req, res, { upstream, agent, path, onError }) {
  /** @type {import("node:http").OutgoingHttpHeaders} */
  const headers = {};
  for (const [name, value] of Object.entries(req.headers)) if (!HOP_BY_HOP.has(name)) headers[name] = value;
  const toNext = request({ ...upstream, agent, method: req.method, path: req.url, headers });
  const limit = bodyLimitFor(path);
  let seen = 0;
  let cut = false;
  let answered = false;
  let gone = false;

  req.on("data", (/** @type {Buffer} */ chunk) => {
    if (cut) return;
    seen += chunk.length;
    if (seen > limit) {
      // Not a byte more for Next. An answer it already sent (a route that refused without reading, its
      // answer possibly still on the way while the upload raced ahead) stands; else, after a moment, 413.
      cut = true;
      keepConnectionForAnswer(req, res);
      setTimeout(() => {
        if (answered) return;
        toNext.destroy();
        answer(req, res, "payload_too_large");
      }, ANSWER_GRACE_MS).unref();
      return;
    }
    if (!toNext.write(chunk)) {
      req.pause();
      toNext.once("drain", () => req.resume());
    }
  });
  req.on("end", () => cut || toNext.end());
  // The client left (a closed tab, an event stream ended): Next's side of it ends too.
  res.on("close", () => {
    if (res.writableFinished) return;
    gone = true;
    toNext.destroy();
  });

  toNext.on("response", (answerOf) => {
    answered = true;
    if (gone || res.headersSent) return void answerOf.resume();
    // Next answered before reading the whole body: the client may still be sending, and must get to read this.
    keepConnectionForAnswer(req, res);
    lingerThenClose(req, res);
    // A body never sent whole (cut, or still arriving) leaves Next waiting: its request ends with the answer.
    answerOf.on("end", () => req.complete || toNext.destroy());
    const status = answerOf.statusCode ?? 500;
    for (const [name, value] of Object.entries(answerOf.headers)) if (!HOP_BY_HOP.has(name) && value !== undefined) res.setHeader(name, value);
    if (status === 503 && !res.hasHeader("retry-after")) res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
    const type = answerOf.headers["content-type"];
    // Under /api every error of Next's own; on a page, one that is not the page's HTML (Next's bare
    // text 400 for a form POST that names no server action, a bare 500).
    const nextsOwn = isUnder(path, "/api") ? !isJson(type) : !isJson(type) && !/^text\/html/i.test(String(type ?? ""));
    if (status >= 400 && nextsOwn) {
      // Next's own answer (an HTML 404, the empty 405 of a method a route lacks, a bare 500): the envelope instead.
      answerOf.resume();
      void envelopeFor(req, res, status, { upstream, agent, path });
      return;
    }
    res.writeHead(status);
    answerOf.pipe(res);
  });
  toNext.on("error", (error) => {
    // Cut by the edge itself (the client left, the body was too long, the answer came before the body).
    if (gone || cut || (answered && !req.complete)) return;
    if (res.headersSent) return void res.destroy();
    onError(error);
    answer(req, res, "internal_error");
  });
}

/**
 * Answers Next's own error in the envelope; a 405 gets the route's methods in
 * Allow (Next's 405 names none), from Next's own automatic OPTIONS answer.
 * @param {Req} req
 * @param {Res} res
 * @param {number} status
 * @param {{ upstream: Upstream, agent: Agent, path: string }} options
 */
async function envelopeFor(req, res, status, { upstream, agent, path }) {
  for (const name of BODY_HEADERS) res.removeHeader(name);
  const allow = status === 405 && req.method !== "OPTIONS" && !res.hasHeader("allow") ? await allowedMethods(upstream, agent, path) : undefined;
  if (res.destroyed) return;
  const code = codeForStatus(status);
  const body = envelopeJson(code, localeOf(req.headers));
  for (const [name, value] of envelopeHeaders(status, body)) if (name !== "Allow") res.setHeader(name, value);
  if (allow) res.setHeader("Allow", allow);
  res.writeHead(status);
  res.end(body);
}

/** Allow of routes seen answering 405, by path; cleared when full so that endless ids cannot grow it. */
const allowCache = new Map();

/**
 * The methods a route serves, as Next's automatic OPTIONS answer names them;
 * undefined when it does not answer within a second.
 * @param {Upstream} upstream
 * @param {Agent} agent
 * @param {string} path
 * @returns {Promise<string | undefined>}
 */
function allowedMethods(upstream, agent, path) {
  if (allowCache.has(path)) return Promise.resolve(allowCache.get(path));
  return new Promise((resolve) => {
    const ask = request({ ...upstream, agent, method: "OPTIONS", path, timeout: 1000 }, (answerOf) => {
      answerOf.resume();
      const allow = answerOf.statusCode === 204 && typeof answerOf.headers.allow === "string" ? answerOf.headers.allow : undefined;
      if (allowCache.size >= 1000) allowCache.clear();
      allowCache.set(path, allow);
      resolve(allow);
    });
    ask.on("timeout", () => ask.destroy());
    ask.on("error", () => resolve(undefined));
    ask.end();
  });
}

/** @param {unknown} type */
function isJson(type) {
  return /^application\/([\w.+-]*\+)?json\s*(;|$)/i.test(String(type ?? ""));
}

/**
 * Answers `code` in the envelope, in the request's language, with the security headers already set.
 * @param {Req} req
 * @param {Res} res
 * @param {string} code
 */
function answer(req, res, code) {
  const body = envelopeJson(code, localeOf(req.headers));
  res.statusCode = EDGE_STATUS[code] ?? 400;
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
 * answer it had not read yet. Kept open, the rest of the body is read and
 * dropped; the client closes once it has the answer, and lingerThenClose cuts
 * an upload that never ends. Call before the answer's headers are written.
 * @param {Req} req
 * @param {Res} res
 */
function keepConnectionForAnswer(req, res) {
  if (!req.complete && !res.headersSent) res.shouldKeepAlive = true;
}

/**
 * Reads and drops the rest of an unread body after the answer, so the client,
 * still sending, gets to read the answer instead of a reset. An upload that
 * goes on past LINGER_MS (endless chunks) has its connection closed.
 * @param {Req} req
 * @param {Res} res
 */
function lingerThenClose(req, res) {
  if (req.complete) return;
  req.resume();
  res.once("finish", () => {
    const timer = setTimeout(() => req.complete || req.socket.destroy(), LINGER_MS);
    timer.unref();
  });
}

/**
 * The listener of Next's own, private server: Next's request handler, and a
 * bare 500 when it throws (the edge answers that in the envelope on API paths).
 * @param {(req: Req, res: Res) => Promise<unknown>} handle
 * @param {(error: unknown) => void} [onError]
 * @returns {(req: Req, res: Res) => void}
 */
export function nextListener(handle, onError = () => {}) {
  return (req, res) => {
    handle(req, res).catch((error) => {
      onError(error);
      if (res.headersSent) return void res.destroy();
      res.statusCode = 500;
      res.end();
    });
  };
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

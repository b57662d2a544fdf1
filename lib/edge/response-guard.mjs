// Watches what Next writes to a response, so that (1) an API error Next made
// itself (its HTML 404, the empty 405 of a route without that method, a bare
// text 500) goes out in the JSON envelope, and (2) the edge can take a
// response over half-way (a body found too large while Next was reading it).
import { EDGE_ERRORS, RETRY_AFTER_SECONDS, codeForStatus, envelopeHeaders, envelopeJson } from "./envelope.mjs";

/** @param {unknown} type */
function isJson(type) {
  return /^application\/([\w.+-]*\+)?json\s*(;|$)/i.test(String(type ?? ""));
}

/**
 * @param {import("node:http").ServerResponse} res
 * @param {unknown} headers the headers argument of writeHead: an object or a flat [name, value, …] list
 */
function applyHeaders(res, headers) {
  if (Array.isArray(headers)) {
    for (let i = 0; i + 1 < headers.length; i += 2) res.setHeader(String(headers[i]), headers[i + 1]);
  } else if (headers && typeof headers === "object") {
    for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value);
  }
}

/** @param {unknown[]} args the arguments of write or end; the callback is the last function among them */
function callbackOf(args) {
  const fn = [...args].reverse().find((a) => typeof a === "function");
  return typeof fn === "function" ? /** @type {() => void} */ (fn) : undefined;
}

/**
 * @param {import("node:http").ServerResponse} res
 * @param {{
 *   envelopeErrors: boolean,
 *   securityHeaders: Array<[string, string]>,
 *   allowFor?: () => Promise<string | undefined>,
 * }} options envelopeErrors: replace error answers without a JSON body (API paths);
 *   securityHeaders: kept on an answer taken over; allowFor: the route's methods, for
 *   Next's 405, which names none
 * @returns {{ takeOver: (code: string) => boolean }}
 */
export function guardResponse(res, { envelopeErrors, securityHeaders, allowFor }) {
  const writeHead = res.writeHead.bind(res);
  const write = res.write.bind(res);
  const end = res.end.bind(res);
  /** @type {"undecided" | "pass" | "replace" | "taken"} */
  let mode = "undecided";
  let replacement = "";

  /** Decided once, when the status and headers are final: just before they are sent. */
  const decide = (/** @type {number} */ status) => {
    if (mode !== "undecided") return;
    if (status === 503 && !res.hasHeader("retry-after")) res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
    if (!envelopeErrors || status < 400 || isJson(res.getHeader("content-type"))) {
      mode = "pass";
      return;
    }
    mode = "replace";
    res.statusCode = status;
    replacement = envelopeJson(codeForStatus(status));
    // What described Next's body no longer applies; Allow and the security headers stay.
    for (const name of ["content-encoding", "transfer-encoding", "etag", "last-modified", "content-disposition"]) res.removeHeader(name);
    for (const [name, value] of envelopeHeaders(status, replacement)) if (name !== "Allow") res.setHeader(name, value);
  };

  /** The replacement goes out at end, once Next is done, with the route's Allow looked up for a 405. */
  const sendReplacement = async (/** @type {(() => void) | undefined} */ callback) => {
    if (res.statusCode === 405 && !res.hasHeader("allow") && allowFor) {
      const allow = await allowFor().catch(() => undefined);
      if (allow) res.setHeader("Allow", allow);
    }
    if (mode !== "replace" || res.destroyed) return;
    writeHead(res.statusCode);
    end(replacement, callback);
  };

  /** @type {any} */ (res).writeHead = (/** @type {number} */ status, /** @type {unknown[]} */ ...rest) => {
    if (mode === "taken") return res;
    const reason = typeof rest[0] === "string" ? rest[0] : undefined;
    applyHeaders(res, reason === undefined ? rest[0] : rest[1]);
    decide(status);
    if (mode === "replace") return res;
    return reason === undefined ? writeHead(status) : writeHead(status, reason);
  };
  /** @type {any} */ (res).write = (/** @type {unknown[]} */ ...args) => {
    if (mode === "undecided" && !res.headersSent) decide(res.statusCode);
    if (mode === "replace" || mode === "taken") {
      callbackOf(args)?.();
      return true;
    }
    return /** @type {any} */ (write)(...args);
  };
  /** @type {any} */ (res).end = (/** @type {unknown[]} */ ...args) => {
    if (mode === "taken") {
      callbackOf(args)?.();
      return res;
    }
    if (mode === "undecided" && !res.headersSent) decide(res.statusCode);
    if (mode === "replace") {
      void sendReplacement(callbackOf(args));
      return res;
    }
    return /** @type {any} */ (end)(...args);
  };

  return {
    /** Answers `code` in the envelope instead of whatever Next was going to say; false when Next already started. */
    takeOver(code) {
      if (res.headersSent || mode === "taken") return false;
      mode = "taken";
      const body = envelopeJson(code);
      res.statusCode = EDGE_ERRORS[code]?.[0] ?? 500;
      // Whatever Next had set (cookies included) belonged to the answer that is not sent.
      for (const name of res.getHeaderNames()) res.removeHeader(name);
      for (const [name, value] of [...securityHeaders, ...envelopeHeaders(res.statusCode, body)]) res.setHeader(name, value);
      // Explicitly: an implicit head would go through the patched writeHead, which now ignores everyone.
      writeHead(res.statusCode);
      end(body);
      return true;
    },
  };
}

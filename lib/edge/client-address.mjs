// The client's address, decided once at the edge. Next only fills in
// X-Forwarded-For when it is absent, so a client could otherwise name any
// address it likes; here the header is rewritten to exactly one address that
// route handlers (the sign-in throttle) can trust.
import { isIP } from "node:net";

/** @param {string | undefined} value */
function plainAddress(value) {
  const trimmed = (value ?? "").trim();
  // An IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d; count it as a.b.c.d.
  const address = trimmed.toLowerCase().startsWith("::ffff:") && isIP(trimmed.slice(7)) === 4 ? trimmed.slice(7) : trimmed;
  return isIP(address) !== 0 ? address : undefined;
}

/**
 * The address `trustedProxies` hops away: 0 is the socket's peer; N is the
 * Nth entry from the right of X-Forwarded-For (each trusted proxy appends the
 * address it was connected from). When the header is shorter than that, the
 * leftmost address seen is used. An entry that is not an address (a proxy that
 * does not sanitise) falls back to the socket's peer.
 * @param {string | undefined} socketAddress
 * @param {string | string[] | undefined} forwardedFor
 * @param {number} trustedProxies
 * @returns {string | undefined}
 */
export function clientAddress(socketAddress, forwardedFor, trustedProxies) {
  const socket = plainAddress(socketAddress);
  if (trustedProxies <= 0 || forwardedFor === undefined) return socket;
  const joined = Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor;
  // The header is at most the 16 KB the server accepts, so splitting it is cheap.
  const entries = joined.split(",").slice(-trustedProxies);
  const chosen = entries.length >= trustedProxies ? entries[0] : entries.find((e) => e.trim() !== "");
  return plainAddress(chosen) ?? socket;
}

/** Headers that name the client or the original request, which only a trusted proxy may set. */
const FORWARDING_HEADERS = ["x-real-ip", "forwarded", "x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "x-client-ip", "true-client-ip", "cf-connecting-ip"];

/**
 * Rewrites the request's headers before Next sees them: X-Forwarded-For holds
 * exactly the client address (or is removed when there is none), the other
 * client-naming headers are dropped. X-Forwarded-Host/Proto are kept behind
 * trusted proxies, which set them.
 * @param {import("node:http").IncomingMessage} req
 * @param {number} trustedProxies
 */
export function rewriteForwardedHeaders(req, trustedProxies) {
  const address = clientAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], trustedProxies);
  for (const name of FORWARDING_HEADERS) {
    if (trustedProxies > 0 && name.startsWith("x-forwarded-")) continue;
    delete req.headers[name];
  }
  if (address) req.headers["x-forwarded-for"] = address;
  else delete req.headers["x-forwarded-for"];
  return address;
}

/**
 * TRUSTED_PROXIES from the environment (lib/env.ts allows 0 to 10); anything
 * else stops start-up, since a wrong value silently trusts or ignores clients.
 * @param {string | undefined} raw
 */
export function parseTrustedProxies(raw) {
  if (raw === undefined || raw.trim() === "") return 0;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 10) throw new Error(`TRUSTED_PROXIES must be an integer from 0 to 10, got ${JSON.stringify(raw)}`);
  return n;
}

import "server-only";
import type { NextRequest } from "next/server";
import { decode, getToken, type JWT } from "next-auth/jwt";
import { env } from "@/lib/env";
import { isSecureUrl, sessionCookieName } from "@/lib/auth/cookies";
import type { SessionUser } from "@/lib/auth/roles";
import { checkSession } from "@/lib/server/auth/session-check";

/**
 * Decoded tokens by their exact cookie value. The cookie is an encrypted,
 * authenticated JWT, so the same value always decodes to the same claims;
 * decrypting it (a key derivation and an AES-GCM open) is the largest cost of
 * a cached read, so the claims are kept for a minute, never past the token's
 * own expiry. Whether the session is still open is NOT part of this cache:
 * checkSession() asks the session record every few seconds.
 */
const DECODE_CACHE_MS = 60_000;
const DECODE_CACHE_MAX = 2_000;
type Decoded = { claims: JWT; until: number };
const g = globalThis as typeof globalThis & { __decodedTokens?: Map<string, Decoded> };
const decoded = (g.__decodedTokens ??= new Map());

async function claimsOf(raw: string | undefined, read: () => Promise<JWT | null>): Promise<JWT | null> {
  const now = Date.now();
  const hit = raw ? decoded.get(raw) : undefined;
  if (hit && hit.until > now) return hit.claims;
  const claims = await read();
  // Only a whole, valid cookie is remembered (a chunked one has no single value).
  if (raw && claims) {
    const exp = typeof claims.exp === "number" ? claims.exp * 1000 : now;
    if (decoded.size >= DECODE_CACHE_MAX) decoded.delete(decoded.keys().next().value as string);
    decoded.set(raw, { claims, until: Math.min(now + DECODE_CACHE_MS, exp) });
  }
  return claims;
}

function cookieSettings() {
  const e = env();
  const secure = isSecureUrl(e.NEXTAUTH_URL);
  return { secret: e.NEXTAUTH_SECRET, secure, cookieName: sessionCookieName(secure) };
}

/**
 * The signed-in person of an API request: a valid next-auth cookie whose
 * session record is still open (lib/server/auth/session-check.ts), else null.
 */
export async function getSessionUser(req: NextRequest): Promise<SessionUser | null> {
  const { secret, secure, cookieName } = cookieSettings();
  const raw = req.cookies.get(cookieName)?.value;
  const claims = await claimsOf(raw, () => getToken({ req, secret, cookieName, secureCookie: secure }));
  return checkSession(claims);
}

/** The same for server pages, which have the cookie store rather than a request. */
export async function sessionUserFromCookies(cookies: { get(name: string): { value: string } | undefined }): Promise<SessionUser | null> {
  const { secret, cookieName } = cookieSettings();
  const raw = cookies.get(cookieName)?.value;
  if (!raw) return null;
  const claims = await claimsOf(raw, () => decode({ token: raw, secret }).catch(() => null));
  return checkSession(claims);
}

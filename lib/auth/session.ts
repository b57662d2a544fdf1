import "server-only";
import type { NextRequest } from "next/server";
import { getToken } from "next-auth/jwt";
import { env } from "@/lib/env";
import { isSecureUrl, sessionCookieName } from "./cookies";
import type { SessionUser } from "./roles";
import { userFromClaims } from "./token";

/**
 * Decoded sessions by their exact cookie value. The cookie is an encrypted,
 * authenticated JWT, so the same value always decodes to the same claims;
 * decrypting it (a key derivation and an AES-GCM open) on every API call is
 * the largest cost of a cached read, so the result is kept for a minute, and
 * never past the token's own expiry.
 */
const SESSION_CACHE_MS = 60_000;
const SESSION_CACHE_MAX = 2_000;
type Cached = { user: SessionUser | null; until: number };
const g = globalThis as typeof globalThis & { __sessionCache?: Map<string, Cached> };
const cache = (g.__sessionCache ??= new Map());

/**
 * The signed-in person of a request, read from the next-auth JWT cookie.
 * The token carries `email`, `name` and `role`; anything else (or a role we
 * do not know) counts as signed out.
 */
export async function getSessionUser(req: NextRequest): Promise<SessionUser | null> {
  const e = env();
  const secure = isSecureUrl(e.NEXTAUTH_URL);
  const cookieName = sessionCookieName(secure);
  const raw = req.cookies.get(cookieName)?.value;
  const now = Date.now();
  const hit = raw ? cache.get(raw) : undefined;
  if (hit && hit.until > now) return hit.user;

  const token = await getToken({ req, secret: e.NEXTAUTH_SECRET, cookieName, secureCookie: secure });
  const user = userFromClaims(token);
  // Only a whole, valid cookie is remembered (a chunked one has no single value).
  if (raw && user) {
    const exp = typeof token?.exp === "number" ? token.exp * 1000 : now;
    if (cache.size >= SESSION_CACHE_MAX) cache.delete(cache.keys().next().value as string);
    cache.set(raw, { user, until: Math.min(now + SESSION_CACHE_MS, exp) });
  }
  return user;
}

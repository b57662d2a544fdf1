import "server-only";
import type { NextRequest } from "next/server";
import { getToken } from "next-auth/jwt";
import { env } from "@/lib/env";
import { isSecureUrl, sessionCookieName } from "./cookies";
import type { SessionUser } from "./roles";
import { userFromClaims } from "./token";

/**
 * The signed-in person of a request, read from the next-auth JWT cookie.
 * The token carries `email`, `name` and `role`; anything else (or a role we
 * do not know) counts as signed out.
 */
export async function getSessionUser(req: NextRequest): Promise<SessionUser | null> {
  const e = env();
  const secure = isSecureUrl(e.NEXTAUTH_URL);
  const token = await getToken({ req, secret: e.NEXTAUTH_SECRET, cookieName: sessionCookieName(secure), secureCookie: secure });
  return userFromClaims(token);
}

import { NextResponse } from "next/server";
import { withAuth } from "next-auth/middleware";
import { isSecureUrl, sessionCookieName } from "@/lib/auth/cookies";
import { isApiPath, isPublicPath } from "@/lib/auth/paths";
import { userFromClaims } from "@/lib/auth/token";
import { env } from "@/lib/env";

/**
 * Signed-out page requests go to /login?callbackUrl=<path>. API routes are
 * left out by the matcher (they check sessions themselves); should one reach
 * this function, it gets a 401 in the error envelope, never a redirect to an
 * HTML page that a fetch cannot use. Route handlers still check the session and the
 * role themselves: this is the first gate, not the only one.
 */
export const proxy = withAuth(
  function requireApiSession(req) {
    const { pathname } = req.nextUrl;
    if (isApiPath(pathname) && !isPublicPath(pathname) && !userFromClaims(req.nextauth.token)) {
      return NextResponse.json(
        { error: { code: "unauthorized", message: "Требуется вход в систему" } },
        { status: 401, headers: { "Cache-Control": "no-store" } },
      );
    }
    return NextResponse.next();
  },
  {
    pages: { signIn: "/login" },
    // Getters: read the env per request, not when the module is loaded at build time.
    get secret() {
      return env().NEXTAUTH_SECRET;
    },
    get cookies() {
      return { sessionToken: { name: sessionCookieName(isSecureUrl(env().NEXTAUTH_URL)) } };
    },
    callbacks: {
      // API paths always reach the function above, which answers 401 instead of redirecting.
      authorized: ({ req, token }) =>
        isPublicPath(req.nextUrl.pathname) || isApiPath(req.nextUrl.pathname) || userFromClaims(token) !== null,
    },
  },
);

export const config = {
  // Static assets never need a session. API routes check the session themselves
  // (lib/server/route) and answer the same 401 envelope; leaving them out here
  // saves a second token decryption on every API call.
  matcher: ["/((?!api/|_next/static|_next/image|favicon\\.ico).*)"],
};

import { NextResponse, type NextFetchEvent, type NextRequest } from "next/server";
import { withAuth, type NextRequestWithAuth } from "next-auth/middleware";
import { authCookies, isSecureUrl, sessionCookieName } from "@/lib/auth/cookies";
import { LOGIN_CSRF_HEADER, loginCsrf } from "@/lib/auth/login-csrf";
import { isApiPath, isPublicPath } from "@/lib/auth/paths";
import { userFromClaims } from "@/lib/auth/token";
import { CLIENT_NAVIGATION_HEADER, clientNavigationValue } from "@/lib/edge/client-navigation";
import { contentSecurityPolicy, headerOptionsFrom } from "@/lib/edge/security-headers.mjs";
import { env } from "@/lib/env";
import { localeOfRequest } from "@/i18n/locale-of-request";
import { serverText, text } from "@/i18n/server-text";

/** A fresh, unguessable nonce per page request: 128 random bits, base64. */
function newNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

/**
 * Lets a page request through with a per-request script nonce. Next reads the
 * nonce from the request's Content-Security-Policy header and puts it on its
 * own scripts; the root layout reads x-nonce for the theme script. Both are
 * always overwritten, so a client cannot choose the nonce.
 */
function withNonce(req: NextRequest, extra?: (headers: Headers) => void): NextResponse {
  const e = env();
  const nonce = newNonce();
  const options = headerOptionsFrom({ NODE_ENV: e.NODE_ENV, UPSTREAM_BASE_URL: e.UPSTREAM_BASE_URL, MEDIA_ORIGINS: e.MEDIA_ORIGINS, NEXTAUTH_URL: e.NEXTAUTH_URL });
  const csp = contentSecurityPolicy(options, nonce);
  const headers = new Headers(req.headers);
  headers.set("x-nonce", nonce);
  headers.set("Content-Security-Policy", csp);
  // Next hides its RSC header from pages; they learn of a client navigation from this one.
  headers.set(CLIENT_NAVIGATION_HEADER, clientNavigationValue(req.headers));
  // Only the sign-in page gets a CSRF token, and only from here: a client cannot send its own.
  headers.delete(LOGIN_CSRF_HEADER);
  extra?.(headers);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", csp);
  return response;
}

const LOGIN_PATH = /^\/login\/?$/;
/** Sign-in fields that must never stay in an address (history, logs, a Referer). */
const SECRET_PARAMS = ["password", "email"];

/**
 * The sign-in page: an address carrying the form's fields (an old page's GET
 * form) is sent on without them; otherwise the page gets the CSRF token its
 * form posts without script, the cookie minted when missing or forged.
 */
async function loginPage(req: NextRequest): Promise<NextResponse> {
  if (SECRET_PARAMS.some((name) => req.nextUrl.searchParams.has(name))) {
    const clean = req.nextUrl.clone();
    for (const name of SECRET_PARAMS) clean.searchParams.delete(name);
    const response = NextResponse.redirect(clean, 303);
    response.headers.set("Cache-Control", "no-store");
    response.headers.set("Referrer-Policy", "no-referrer");
    return response;
  }
  const e = env();
  const secure = isSecureUrl(e.NEXTAUTH_URL);
  const { name, options } = authCookies(secure).csrfToken;
  const csrf = await loginCsrf(req.cookies.get(name)?.value, e.NEXTAUTH_SECRET);
  const response = withNonce(req, (headers) => headers.set(LOGIN_CSRF_HEADER, csrf.token));
  if (csrf.cookie) response.cookies.set(name, csrf.cookie, { ...options });
  response.headers.set("Cache-Control", "private, no-store");
  return response;
}

/**
 * Signed-out page requests go to /login?callbackUrl=<path>. API routes are
 * left out by the matcher (they check sessions themselves); should one reach
 * this function, it gets a 401 in the error envelope, never a redirect to an
 * HTML page that a fetch cannot use. Route handlers still check the session and the
 * role themselves: this is the first gate, not the only one. Pages that pass get
 * a per-request CSP nonce (see withNonce).
 */
const requireSession = withAuth(
  function requireApiSession(req) {
    const { pathname } = req.nextUrl;
    if (isApiPath(pathname) && !isPublicPath(pathname) && !userFromClaims(req.nextauth.token)) {
      return NextResponse.json(
        { error: { code: "unauthorized", message: serverText(text("errors.unauthorized"), localeOfRequest(req)) } },
        { status: 401, headers: { "Cache-Control": "no-store" } },
      );
    }
    return isApiPath(pathname) ? NextResponse.next() : withNonce(req);
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

/**
 * A share link's page, /s/<token> (and /s/<token>/gone, the page of a link
 * that opens nothing) and nothing else, needs no session: the
 * token is checked by the page itself (lib/server/share). It is kept out of
 * caches, referrers (media are loaded from other origins) and search engines.
 */
const SHARE_PAGE = /^\/s\/[A-Za-z0-9_-]{1,200}(\/gone)?\/?$/;
/** A report link's page, /r/<token> (lib/server/reports/share.ts): the same rules. */
const REPORT_SHARE_PAGE = /^\/r\/[A-Za-z0-9_-]{1,200}\/?$/;

function isSharePage(pathname: string): boolean {
  return SHARE_PAGE.test(pathname) || REPORT_SHARE_PAGE.test(pathname);
}

function sharePage(req: NextRequest): NextResponse {
  const response = withNonce(req);
  response.headers.set("Cache-Control", "private, no-store");
  response.headers.set("Referrer-Policy", "no-referrer");
  response.headers.set("X-Robots-Tag", "noindex, nofollow");
  return response;
}

/**
 * withAuth skips its function for the sign-in page itself (it answers
 * nothing there), so the nonce is added here for whatever it lets through.
 */
export async function proxy(req: NextRequestWithAuth, event: NextFetchEvent) {
  if (isSharePage(req.nextUrl.pathname)) return sharePage(req);
  const answer = await requireSession(req, event);
  if (answer) return answer;
  if (LOGIN_PATH.test(req.nextUrl.pathname)) return loginPage(req);
  return isApiPath(req.nextUrl.pathname) ? NextResponse.next() : withNonce(req);
}

export const config = {
  // Static assets never need a session. API routes check the session themselves
  // (lib/server/route) and answer the same 401 envelope; leaving them out here
  // saves a second token decryption on every API call.
  matcher: ["/((?!api/|_next/static|_next/image|favicon\\.ico).*)"],
};

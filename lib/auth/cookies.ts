import type { CookiesOptions } from "next-auth";

/**
 * next-auth's cookies, spelled out rather than left to its defaults: httpOnly,
 * SameSite=Lax, and Secure (with the __Secure-/__Host- name prefixes) exactly
 * when the dashboard is served over https. The proxy and the session reader
 * use the same session cookie name.
 */
export function isSecureUrl(nextAuthUrl: string): boolean {
  return nextAuthUrl.startsWith("https://");
}

export function sessionCookieName(secure: boolean): string {
  return `${secure ? "__Secure-" : ""}next-auth.session-token`;
}

/** OAuth round-trip cookies (state, PKCE) only need to outlive one trip to the provider. */
const ROUND_TRIP_SECONDS = 15 * 60;

export function authCookies(secure: boolean): CookiesOptions {
  const prefix = secure ? "__Secure-" : "";
  const options = { httpOnly: true, sameSite: "lax" as const, path: "/", secure };
  const roundTrip = { ...options, maxAge: ROUND_TRIP_SECONDS };
  return {
    sessionToken: { name: sessionCookieName(secure), options },
    callbackUrl: { name: `${prefix}next-auth.callback-url`, options },
    // __Host- (no Domain, Path=/) is stricter still for the CSRF token.
    csrfToken: { name: `${secure ? "__Host-" : ""}next-auth.csrf-token`, options },
    pkceCodeVerifier: { name: `${prefix}next-auth.pkce.code_verifier`, options: roundTrip },
    state: { name: `${prefix}next-auth.state`, options: roundTrip },
    nonce: { name: `${prefix}next-auth.nonce`, options },
  };
}

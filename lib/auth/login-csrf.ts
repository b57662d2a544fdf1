/**
 * The CSRF token the sign-in form carries so that it also works as a plain
 * HTML POST (before or without script). next-auth checks the posted token
 * against its cookie, `<token>|sha256(<token><secret>)`; the proxy mints that
 * cookie on GET /login when it is missing or forged, and hands the token to
 * the page in a request header it always overwrites. Web Crypto: the proxy may
 * run where node:crypto is not.
 */
export const LOGIN_CSRF_HEADER = "x-login-csrf";

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The token for this visitor: the one in a cookie that checks out with the
 * secret, else a new one with the cookie value to set (`cookie` only then).
 */
export async function loginCsrf(cookieValue: string | undefined, secret: string): Promise<{ token: string; cookie?: string }> {
  if (cookieValue && cookieValue.length <= 200) {
    const [token, hash] = cookieValue.split("|");
    if (token && hash && (await sha256Hex(`${token}${secret}`)) === hash) return { token };
  }
  const token = randomHex(32);
  return { token, cookie: `${token}|${await sha256Hex(`${token}${secret}`)}` };
}

/**
 * Where to go after signing in. Only paths on our own origin are allowed, so
 * `/login?callbackUrl=https://evil.example` cannot bounce a person elsewhere
 * (open redirect). Used in the browser (login form) and on the server
 * (next-auth's redirect callback), so no Node APIs.
 */
const FALLBACK = "/";
const MAX_LENGTH = 2048;

export function safeCallbackPath(raw: unknown, origin: string): string {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > MAX_LENGTH) return FALLBACK;
  // Control characters and backslashes are how parsers are tricked into reading a host
  // (the URL parser drops tabs and newlines: "/\t/evil" would become "//evil").
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return FALLBACK;
  // Only an absolute http(s) URL or a path; "campaigns" or "javascript:" are not where we send anyone.
  if (!raw.startsWith("/") && !/^https?:\/\//i.test(raw)) return FALLBACK;
  let base: URL;
  let url: URL;
  try {
    base = new URL(origin);
    url = new URL(raw, base);
  } catch {
    return FALLBACK;
  }
  if (url.origin !== base.origin) return FALLBACK;
  // The check is on the result, not the input: "/..//evil" and "/%2e%2e//evil" resolve to the path
  // "//evil", which a browser reads as another host.
  const decoded = decodedPlainPath(url.pathname);
  // next-auth's own endpoints are never a destination (sign-out pages, callbacks), however spelt.
  if (decoded === null || isUnder(decoded, "/api/auth")) return FALLBACK;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The path fully decoded, if it stays a path however many times something
 * decodes it: it never starts with "//" or "/\", and never hides a slash,
 * backslash or control character behind a percent escape. Else null.
 */
function decodedPlainPath(pathname: string): string | null {
  let path = pathname;
  for (let round = 0; round < 3; round++) {
    if (!path.startsWith("/") || /^\/[/\\]/.test(path) || /[\u0000-\u001f\u007f\\]/.test(path)) return null;
    if (/%(2f|5c|0[0-9a-f]|1[0-9a-f]|7f)/i.test(path)) return null;
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return null;
    }
    if (decoded === path) return path;
    path = decoded;
  }
  return null;
}

export function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

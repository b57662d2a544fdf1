/**
 * Where to go after signing in. Only paths on our own origin are allowed, so
 * `/login?callbackUrl=https://evil.example` cannot bounce a person elsewhere
 * (open redirect). Safe in the browser and on the server.
 */
const FALLBACK = "/";

export function safeCallbackPath(raw: unknown, origin: string): string {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > 2048) return FALLBACK;
  // Control characters and backslashes are how parsers are tricked into reading a host.
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return FALLBACK;
  let base: URL;
  let url: URL;
  try {
    base = new URL(origin);
    url = new URL(raw, base);
  } catch {
    return FALLBACK;
  }
  if (url.origin !== base.origin) return FALLBACK;
  // A relative value must be a path, not a scheme-relative "//host".
  if (!/^https?:\/\//i.test(raw) && (!raw.startsWith("/") || raw.startsWith("//"))) return FALLBACK;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // next-auth's own endpoints are never a destination (sign-out pages, callbacks).
  if (isUnder(url.pathname, "/api/auth")) return FALLBACK;
  return path;
}

export function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

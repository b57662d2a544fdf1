import { isUnder } from "./callback-url";

/**
 * Which request paths the proxy leaves to everybody. Everything else needs a
 * session: pages are redirected to /login, API routes answer 401.
 */
const PUBLIC_PREFIXES = ["/login", "/api/auth", "/api/health", "/api/metrics", "/api/webhooks", "/_next"] as const;

/** Files served from public/ (and metadata routes) by extension. */
const STATIC_FILE = /\.(?:ico|png|jpe?g|gif|svg|webp|avif|txt|xml|webmanifest|woff2?|ttf|map)$/i;

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PREFIXES.some((prefix) => isUnder(pathname, prefix)) || STATIC_FILE.test(pathname);
}

export function isApiPath(pathname: string): boolean {
  return isUnder(pathname, "/api");
}

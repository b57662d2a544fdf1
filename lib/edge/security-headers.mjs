// The security headers of every answer: pages (with a per-request nonce, set by
// proxy.ts), and every other answer, API routes, static files and the edge's
// own refusals (server.mjs). Built from the environment when the server starts,
// never at build time, so one build serves any team. Plain JavaScript:
// server.mjs runs it with bare `node`, without a build.

/** @param {string | undefined} url */
function originOf(url) {
  try {
    return url ? new URL(url).origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What the policy depends on, read from an environment-like object (process.env
 * in server.mjs, the parsed env in proxy.ts), with the
 * defaults of lib/env.ts.
 * @param {Record<string, string | undefined>} source
 * @returns {import("./security-headers.d.mts").HeaderOptions}
 */
export function headerOptionsFrom(source) {
  const upstream = originOf(source.UPSTREAM_BASE_URL || "http://127.0.0.1:4010");
  const extra = (source.MEDIA_ORIGINS || "").split(/\s+/).map(originOf).filter((o) => o !== undefined);
  return {
    dev: source.NODE_ENV === "development",
    // Media signed links point at the upstream (or a CDN in MEDIA_ORIGINS); PDFs are framed in the page.
    mediaOrigins: [...new Set([upstream, ...extra].filter((o) => o !== undefined))],
    https: (source.NEXTAUTH_URL || "http://localhost:3000").startsWith("https:"),
  };
}

/**
 * The Content-Security-Policy. With a nonce (pages): only scripts carrying it
 * run, and scripts they load ('strict-dynamic'), never inline ones without it.
 * Without (API answers, files, refusals, which are never HTML that runs scripts):
 * scripts only from our origin.
 * @param {import("./security-headers.d.mts").HeaderOptions} options
 * @param {string} [nonce]
 */
export function contentSecurityPolicy({ dev, mediaOrigins, https }, nonce) {
  const media = mediaOrigins.join(" ");
  // Next's dev overlay and fast refresh evaluate code; a production build does not.
  const scripts = `'self'${nonce ? ` 'nonce-${nonce}' 'strict-dynamic'` : ""}${dev ? " 'unsafe-eval'" : ""}`;
  const directives = [
    "default-src 'self'",
    `script-src ${scripts}`,
    // React and the theme switch set style attributes, and sonner's toaster adds a <style> element
    // with no way to give it a nonce (a nonce here would also switch 'unsafe-inline' off); styles
    // cannot run code. components/ui/toaster.test.tsx checks this stays so.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${media}`,
    `media-src 'self' data: blob: ${media}`,
    `frame-src 'self' ${media}`,
    `object-src 'self' ${media}`,
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "font-src 'self' data:",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ];
  return directives.map((d) => d.trim()).join("; ");
}

/**
 * Every security header as [name, value] pairs.
 * @param {import("./security-headers.d.mts").HeaderOptions} options
 * @param {string} [nonce]
 * @returns {Array<[string, string]>}
 */
export function securityHeaders(options, nonce) {
  /** @type {Array<[string, string]>} */
  const headers = [
    ["Content-Security-Policy", contentSecurityPolicy(options, nonce)],
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=()"],
    ["X-Frame-Options", "DENY"],
  ];
  if (options.https) headers.push(["Strict-Transport-Security", "max-age=63072000; includeSubDomains"]);
  return headers;
}

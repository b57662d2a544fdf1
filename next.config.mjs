import createNextIntlPlugin from "next-intl/plugin";

const withNextIntl = createNextIntlPlugin("./i18n/request.ts");

/*
 * Security headers. This file runs at build and start, outside the app, so it
 * reads process.env directly (the one exception to "only lib/env.ts reads
 * process.env"), with the same defaults as lib/env.ts. Next bakes headers()
 * into the build output: UPSTREAM_BASE_URL, MEDIA_ORIGINS and NEXTAUTH_URL must
 * be set at build time to the values used in production.
 */
function originOf(url) {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

function securityHeaders() {
  const dev = process.env.NODE_ENV === "development";
  const upstream = originOf(process.env.UPSTREAM_BASE_URL || "http://127.0.0.1:4010");
  const extra = (process.env.MEDIA_ORIGINS || "").split(/\s+/).map(originOf).filter(Boolean);
  // Media signed links point at the upstream (or a CDN in MEDIA_ORIGINS); PDFs are framed in the page.
  const media = [...new Set([upstream, ...extra].filter(Boolean))].join(" ");
  const https = (process.env.NEXTAUTH_URL || "http://localhost:3000").startsWith("https:");
  const csp = [
    "default-src 'self'",
    // Next's dev overlay and fast refresh evaluate code; a production build does not need it.
    `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ""}`,
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
  const headers = [
    { key: "Content-Security-Policy", value: csp.map((d) => d.trim()).join("; ") },
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
    { key: "X-Frame-Options", value: "DENY" },
  ];
  if (https) headers.push({ key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" });
  return headers;
}

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Separate build folders let several builds of the same tree coexist (e2e vs. dev).
  distDir: process.env.NEXT_DIST_DIR || ".next",
  serverExternalPackages: ["better-sqlite3"],
  poweredByHeader: false,
  reactStrictMode: true,
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders() }];
  },
};

export default withNextIntl(nextConfig);

import createNextIntlPlugin from "next-intl/plugin";
import { headerOptionsFrom, securityHeaders } from "./lib/edge/security-headers.mjs";

// Messages are compiled at build time (messages/<locale>/<area>.json become ready-to-format
// trees): the browser then neither ships nor runs the ICU message parser, and formatting a
// message no longer builds an IntlMessageFormat (whose locale resolution alone cost ~90 ms of
// a phone's main thread on a table page). Tests read the same JSON uncompiled, through the
// full formatter: both give the same text.
const withNextIntl = createNextIntlPlugin({
  requestConfig: "./i18n/request.ts",
  experimental: { messages: { path: "./messages", format: "json", locales: "infer", precompile: true } },
});

/*
 * Security headers for every path (lib/edge/security-headers.mjs, shared with
 * the edge server and proxy.ts). This file runs at build and start, outside
 * the app, so it hands process.env over directly (the one exception to "only
 * lib/env.ts reads process.env"). Next bakes headers() into the build output:
 * UPSTREAM_BASE_URL, MEDIA_ORIGINS and NEXTAUTH_URL must be set at build time to
 * the production values. Pages get the same policy with a per-request script
 * nonce from proxy.ts, which replaces this one.
 */
function headersForEveryPath() {
  return securityHeaders(headerOptionsFrom(process.env)).map(([key, value]) => ({ key, value }));
}

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Separate build folders let several builds of the same tree coexist (e2e vs. dev).
  distDir: process.env.NEXT_DIST_DIR || ".next",
  serverExternalPackages: ["better-sqlite3", "pino", "prom-client", "ioredis", "pg"],
  poweredByHeader: false,
  // Source maps of the browser's chunks only on request (bench/web/profile.ts maps a CPU profile back to files).
  productionBrowserSourceMaps: process.env.NEXT_BROWSER_SOURCE_MAPS === "1",
  reactStrictMode: true,
  experimental: {
    // Pages render their data in the browser from React Query's cache, so a page the router
    // fetched in the last 30 s can be shown again without asking the server (back, forth, again).
    staleTimes: { dynamic: 30 },
  },
  async headers() {
    return [{ source: "/:path*", headers: headersForEveryPath() }];
  },
};

export default withNextIntl(nextConfig);

import createNextIntlPlugin from "next-intl/plugin";

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
 * No headers() here: Next bakes them into the build, and the security headers
 * depend on UPSTREAM_BASE_URL, MEDIA_ORIGINS and NEXTAUTH_URL, which are read
 * when the server starts (one image serves any team). server.mjs sets them on
 * every answer; proxy.ts gives pages the same policy with a per-request nonce.
 */

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Separate build folders let several builds of the same tree coexist (e2e vs. dev).
  distDir: process.env.NEXT_DIST_DIR || ".next",
  serverExternalPackages: ["better-sqlite3", "pino", "prom-client", "ioredis", "pg", "pg-boss", "pdfkit", "@resvg/resvg-js"],
  poweredByHeader: false,
  // Source maps of the browser's chunks only on request (bench/web/profile.ts maps a CPU profile back to files).
  productionBrowserSourceMaps: process.env.NEXT_BROWSER_SOURCE_MAPS === "1",
  reactStrictMode: true,
  // The build does not type-check: `npm test` does (npm run typecheck, beside the build in
  // scripts/test.mjs), and the build's own check cost 2.6 of the demo's first 6 minutes.
  typescript: { ignoreBuildErrors: true },
  experimental: {
    // Pages render their data in the browser from React Query's cache, so a page the router
    // fetched in the last 30 s can be shown again without asking the server (back, forth, again).
    staleTimes: { dynamic: 30 },
    // Turbopack's build cache only pays on a later build of the same folder; a first build (the demo
    // after npm install, the suite on a fresh clone) spent ~35 s writing it. NEXT_BUILD_CACHE=0 skips it.
    turbopackFileSystemCacheForBuild: process.env.NEXT_BUILD_CACHE !== "0",
  },
};

export default withNextIntl(nextConfig);

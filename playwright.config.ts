import { defineConfig, devices } from "@playwright/test";

/**
 * Journeys run one at a time against a production build (`scripts/e2e.mjs`
 * builds it) and a simulator with frozen time and its real rate limits on
 * (60 reads and 30 writes a minute, 1000 requests an hour), both
 * started here and stopped when the run ends. Ports and folders can be moved
 * with E2E_* variables so several runs can share a machine.
 */
const port = Number(process.env.E2E_PORT ?? 3400);
const simPort = Number(process.env.E2E_SIM_PORT ?? 4400);
const baseURL = `http://127.0.0.1:${port}`;
const apiKey = process.env.E2E_API_KEY ?? "demo-key";
const runId = process.env.E2E_RUN_ID ?? "local";

/** A second pair whose upstream fills the open fields with unfamiliar values (SIMULATOR_UNFAMILIAR). */
const oddPort = port + 1;
const oddSimPort = simPort + 1;

export const E2E = { baseURL, simURL: `http://127.0.0.1:${simPort}`, apiKey, oddBaseURL: `http://127.0.0.1:${oddPort}` };

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL,
    // A Russian browser, as the demo's team has: with no language chosen, pages and API errors follow Accept-Language.
    locale: "ru-RU",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.E2E_CHROMIUM ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [
    { name: "setup", testMatch: /auth\.setup\.ts/ },
    { name: "chromium", use: { ...devices["Desktop Chrome"] }, dependencies: ["setup"] },
  ],
  webServer: [
    simulator(simPort, false),
    dashboard(port, simPort, "main"),
    simulator(oddSimPort, true),
    dashboard(oddPort, oddSimPort, "unfamiliar"),
  ],
});

function simulator(portNumber: number, unfamiliar: boolean) {
  return {
    command: "npx tsx simulator/main.ts",
    url: `http://127.0.0.1:${portNumber}/api/v1/ext/account/`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      SIMULATOR_PORT: String(portNumber),
      SIMULATOR_API_KEY: apiKey,
      // The real limits (issue 31): a journey that spends more than a team may fails here, never waits for room.
      SIMULATOR_LIMITS: "on",
      SIMULATOR_TIME_SCALE: "0",
      SIMULATOR_ADMIN: "1",
      SIMULATOR_UNFAMILIAR: unfamiliar ? "1" : "0",
    },
  };
}

function dashboard(portNumber: number, upstreamPort: number, name: string) {
  const url = `http://127.0.0.1:${portNumber}`;
  return {
    // The production server (server.mjs: the edge in front of Next), as `npm start` runs it.
    command: "node server.mjs",
    url: `${url}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(portNumber),
      HOST: "127.0.0.1",
      NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? ".next-e2e",
      UPSTREAM_BASE_URL: `http://127.0.0.1:${upstreamPort}`,
      UPSTREAM_API_KEY: apiKey,
      NEXTAUTH_URL: url,
      // One secret for both dashboards: a session cookie (per host, not per port) works on each.
      NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? "e2e-secret-e2e-secret-e2e-secret",
      DATABASE_URL: `file:./data/e2e-${runId}-${name}.db`,
      DEMO: "1",
      METRICS_TOKEN: "e2e-metrics-token-0123456789",
      WEBHOOK_SECRET: "e2e-webhook-secret-0123456789",
      LOG_LEVEL: "warn",
      // The budget is the dashboard's default, the upstream's real limits (no BUDGET_* here).
    },
  };
}

import { defineConfig, devices } from "@playwright/test";

/**
 * Journeys run against a production build (`scripts/e2e.mjs` builds it) and a
 * simulator with frozen time and its real rate limits on (60 reads and 30
 * writes a minute, 1000 requests an hour), all started here and stopped when
 * the run ends. Ports and folders can be moved with E2E_* variables so several
 * runs can share a machine.
 *
 * Two workers share the journeys (E2E_WORKERS, default 2). Each worker has a
 * lane of its own, a dashboard on a simulator with its own database and its
 * own upstream budget, so journeys on the two workers never see each other's
 * decisions; within a lane they run one file at a time. Ports: lane 0 on
 * E2E_PORT and E2E_SIM_PORT, lane 1 on each + 2; the pair on + 1 serves
 * unfamiliar values (unfamiliar-values.spec.ts).
 */
const port = Number(process.env.E2E_PORT ?? 3400);
const simPort = Number(process.env.E2E_SIM_PORT ?? 4400);
const apiKey = process.env.E2E_API_KEY ?? "demo-key";
const runId = process.env.E2E_RUN_ID ?? "local";
const workers = Math.max(1, Math.min(2, Number(process.env.E2E_WORKERS ?? 2)));

export type Lane = { index: number; baseURL: string; simURL: string };
export const LANES: Lane[] = Array.from({ length: workers }, (_, index) => ({
  index,
  baseURL: `http://127.0.0.1:${port + 2 * index}`,
  simURL: `http://127.0.0.1:${simPort + 2 * index}`,
}));

// Playwright sets TEST_PARALLEL_INDEX in each worker before it loads this file: a worker's journeys
// (their `baseURL`, and E2E below) point at its own lane. The runner itself reads lane 0.
const lane = LANES[Number(process.env.TEST_PARALLEL_INDEX ?? 0) % LANES.length] as Lane;
const baseURL = lane.baseURL;

/** A second pair whose upstream fills the open fields with unfamiliar values (SIMULATOR_UNFAMILIAR). */
const oddPort = port + 1;
const oddSimPort = simPort + 1;

/** The upstream's notifications to the dashboards are signed with this (POST /api/webhooks/post). */
const webhookSecret = "e2e-webhook-secret-0123456789";
export const E2E = { lane: lane.index, baseURL, simURL: lane.simURL, apiKey, webhookSecret, oddBaseURL: `http://127.0.0.1:${oddPort}` };

const CLUSTER = /(scale-out|revocation)\.spec\.ts/;
/**
 * The journeys of half a minute or more (CONTRIBUTING.md "The suite" has their times): queued before the
 * rest, so the two lanes take the long ones first and end together on short ones. A new file is short
 * until its time says otherwise.
 */
const LONG = /\/(fuzz|queue|decision-path|inbox|collab|sign-in|checks|manager|trends|bulk-unknown)\.spec\.ts$/;

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  fullyParallel: false,
  workers,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The lane timing prints each lane's files with their start and length after the run (e2e/lane-timing-reporter.ts).
  reporter: [["list"], ["./e2e/lane-timing-reporter.ts"]],
  use: {
    baseURL,
    // A Russian browser, as the demo's team has: with no language chosen, pages and API errors follow Accept-Language.
    locale: "ru-RU",
    // Recording a trace of every journey cost about 5-10 % of each one's time on 2 cores: a trace is
    // kept for a journey's retry (CI retries once); a failure's screenshot and page snapshot stay.
    trace: "on-first-retry",
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
  // Projects after "setup" share one phase: queued in this order, each lane takes the next file as it
  // frees. The cluster is among them, not beside the sign-ins, where a lane idled until it ended.
  projects: [
    // Signs in on every lane (auth.setup.ts), the sign-ins spread over both workers.
    { name: "setup", testMatch: /auth\.setup\.ts/ },
    // Journeys that start a cluster of their own (two production instances, Redis, Postgres): one at a time.
    { name: "cluster", use: { ...devices["Desktop Chrome"] }, testMatch: CLUSTER, workers: 1, dependencies: ["setup"] },
    { name: "long", use: { ...devices["Desktop Chrome"] }, testMatch: LONG, dependencies: ["setup"] },
    { name: "chromium", use: { ...devices["Desktop Chrome"] }, dependencies: ["setup"], testIgnore: [CLUSTER, LONG] },
  ],
  // Every simulator, then every dashboard, each stage side by side (e2e/servers.mjs): Playwright's own
  // list of web servers starts one at a time.
  webServer: {
    command: "node e2e/servers.mjs",
    wait: { stdout: /e2e servers ready/ },
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      E2E_SERVERS: JSON.stringify([
        [...LANES.map((l) => simulator(simPort + 2 * l.index, false)), simulator(oddSimPort, true)],
        [
          ...LANES.map((l) => dashboard(port + 2 * l.index, simPort + 2 * l.index, l.index === 0 ? "main" : `lane${l.index}`)),
          dashboard(oddPort, oddSimPort, "unfamiliar"),
        ],
      ]),
    },
  },
});

function simulator(portNumber: number, unfamiliar: boolean) {
  return {
    name: `simulator :${portNumber}`,
    command: "npx tsx simulator/main.ts",
    url: `http://127.0.0.1:${portNumber}/api/v1/ext/account/`,
    timeout: 60_000,
    env: {
      SIMULATOR_PORT: String(portNumber),
      SIMULATOR_API_KEY: apiKey,
      // The upstream's real limits: a journey that spends more than a team may fails here, never waits for room.
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
    name: `dashboard ${name} :${portNumber}`,
    // The production server (server.mjs: the edge in front of Next), as `npm start` runs it.
    command: "node server.mjs",
    url: `${url}/api/health`,
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
      WEBHOOK_SECRET: webhookSecret,
      LOG_LEVEL: "warn",
      // The budget is the dashboard's default, the upstream's real limits (no BUDGET_* here).
    },
  };
}

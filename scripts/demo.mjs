// `npm run demo`: builds the dashboard, then starts the simulator (world clock
// running 60x faster, limits on) and the dashboard together on
// http://localhost:3000 with the four demo sign-ins. Ctrl+C stops both.
//
// The dashboard (server.mjs) listens on 127.0.0.1 only; set HOST (e.g. 0.0.0.0)
// to open it wider. The simulator keeps its world in data/simulator-state.json
// (SIMULATOR_STATE_FILE; set it empty for a fresh world on every start), so when
// it stops it is restarted, after a short backoff, and carries on with the same
// posts while the dashboard keeps running. When the dashboard stops, the demo
// stops, saying why. DEMO_SKIP_BUILD=1 reuses the last build.
//
// Unless SMTP_URL is set, a local mail catcher (scripts/mail-catcher.mjs) takes the dashboard's
// mail: SMTP on 127.0.0.1:1025 (MAIL_CATCHER_SMTP_PORT), its page on http://127.0.0.1:1080
// (MAIL_CATCHER_PORT). The demo people's Monday report arrives there once the active campaigns are
// mirrored: about a minute after the first sign-in.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { startMailCatcher } from "./mail-catcher.mjs";
import { supervise } from "./supervise.mjs";

const say = (line) => console.log(`demo: ${line}`);
const complain = (line) => console.error(`demo: ${line}`);

mkdirSync("data", { recursive: true });
// A stable secret per checkout, so demo sessions survive a restart.
const secretFile = "data/demo-secret";
if (!existsSync(secretFile)) writeFileSync(secretFile, randomBytes(24).toString("hex"));

const simPort = process.env.SIMULATOR_PORT ?? "4010";
const port = process.env.PORT ?? "3000";
// Where server.mjs listens (its own default), and the address a browser on this machine uses for it.
const host = process.env.HOST || "127.0.0.1";
const anyOrLoopback = ["127.0.0.1", "localhost", "0.0.0.0", "::"].includes(host);
const browserHost = anyOrLoopback ? "localhost" : host.includes(":") ? `[${host}]` : host;
const env = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: "1",
  DEMO: "1",
  UPSTREAM_BASE_URL: process.env.UPSTREAM_BASE_URL ?? `http://127.0.0.1:${simPort}`,
  UPSTREAM_API_KEY: process.env.UPSTREAM_API_KEY ?? "demo-key",
  // The dashboard's public address: sign-in redirects and the same-origin check of writes use it.
  NEXTAUTH_URL: process.env.NEXTAUTH_URL ?? `http://${browserHost}:${port}`,
  NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? readFileSync(secretFile, "utf8").trim(),
  SIMULATOR_PORT: simPort,
  SIMULATOR_TIME_SCALE: process.env.SIMULATOR_TIME_SCALE ?? "60",
  SIMULATOR_STATE_FILE: process.env.SIMULATOR_STATE_FILE ?? "data/simulator-state.json",
  // No Turbopack build cache: only a later build would read it (next.config.mjs).
  NEXT_BUILD_CACHE: process.env.NEXT_BUILD_CACHE ?? "0",
};
const dashboardUrl = env.NEXTAUTH_URL.replace(/\/+$/, "");

// The mail catcher before the seed and the servers: the dashboard's SMTP_URL points at it.
let catcher = null;
if (!process.env.SMTP_URL) {
  try {
    catcher = await startMailCatcher({ smtpPort: Number(process.env.MAIL_CATCHER_SMTP_PORT ?? 1025), webPort: Number(process.env.MAIL_CATCHER_PORT ?? 1080) });
    env.SMTP_URL = catcher.smtpUrl;
  } catch (e) {
    complain(`no mail catcher (${e instanceof Error ? e.message : String(e)}); the demo runs without e-mail`);
  }
}

if (process.env.DEMO_SKIP_BUILD !== "1") {
  const build = spawnSync("node", ["scripts/build.mjs"], { stdio: "inherit", env });
  if (build.status !== 0) process.exit(build.status ?? 1);
} else if (!existsSync(path.join(process.env.NEXT_DIST_DIR || ".next", "BUILD_ID"))) {
  complain(`DEMO_SKIP_BUILD=1 but there is no build in ${process.env.NEXT_DIST_DIR || ".next"}; run without it to build first`);
  process.exit(1);
}

// The world and the demo's month of history (decisions, verdicts, comments, engagement) before the
// servers start: written once per database, through the app's own store functions (scripts/demo-seed.ts).
const seed = spawnSync(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/demo-seed.ts"], { stdio: "inherit", env });
if (seed.status !== 0) complain("could not write the demo's history (see above); the demo starts without it");

// Each server runs in its own process group (detached), so stopping the demo
// stops everything a server started too, however the demo itself was stopped.
// Both are run by this node directly (tsx as a loader), so an exit code or
// signal is the server's own, not a wrapper's.
const simulator = supervise({
  name: "simulator",
  start: () => spawn(process.execPath, ["--import", "tsx", "simulator/main.ts"], { stdio: "inherit", env, detached: true }),
  restart: { minDelayMs: 1000, maxDelayMs: 30_000, stableAfterMs: 30_000, maxQuickFailures: 5 },
  log: complain,
  onGiveUp: () => complain(`the dashboard keeps running without its upstream; fix the problem above, then restart the demo`),
});
const dashboard = supervise({
  name: "dashboard",
  // server.mjs (`npm start`) listens on HOST, 127.0.0.1 when unset; PORT from env.
  start: () => spawn(process.execPath, ["server.mjs"], { stdio: "inherit", env: { ...env, PORT: port }, detached: true }),
  restart: false,
  log: complain,
  onExit: ({ code }) => {
    complain("without the dashboard there is no demo: stopping the simulator");
    void stop(code || 1);
  },
});

say(`starting the dashboard on ${dashboardUrl} (listening on ${host}:${port}) and the simulator on ${env.UPSTREAM_BASE_URL}`);
if (env.SIMULATOR_STATE_FILE) say(`the simulator keeps its world in ${env.SIMULATOR_STATE_FILE}; delete the file for a fresh one`);

let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  await Promise.all([dashboard.stop(), simulator.stop(), catcher?.close()]);
  process.exit(code);
}
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    if (!stopping) say(`${signal}: stopping the dashboard and the simulator`);
    void stop(0);
  });
}
// If the demo dies some other way, its servers must not outlive it.
process.on("exit", () => {
  for (const { child } of [dashboard, simulator]) {
    try {
      if (child?.pid) process.kill(-child.pid, "SIGTERM");
    } catch {
      // Already gone.
    }
  }
});

// Announce the addresses once both answer: the URL printed is the one that was checked.
const answers = (url) =>
  fetch(url, { signal: AbortSignal.timeout(2000) }).then(
    () => true,
    () => false,
  );
async function announceWhenReady() {
  const deadline = Date.now() + 120_000;
  while (!stopping) {
    if ((await answers(`${dashboardUrl}/api/health`)) && (await answers(env.UPSTREAM_BASE_URL))) {
      say(`dashboard ready on ${dashboardUrl}, simulator on ${env.UPSTREAM_BASE_URL}`);
      if (catcher) say(`mail on ${catcher.webUrl}: the demo people's Monday report with its PDF, about a minute after you sign in`);
      say("sign in as editor@example.com, reviewer@example.com, manager@example.com or admin@example.com, password: demo\n");
      return;
    }
    if (Date.now() > deadline) {
      complain(`${dashboardUrl} or ${env.UPSTREAM_BASE_URL} does not answer after 2 minutes; see the output above`);
      return;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}
void announceWhenReady();

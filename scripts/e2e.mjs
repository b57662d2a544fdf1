// Builds the dashboard for production and runs the Playwright journeys against
// it, wired to a fresh simulator. A random upstream key is used for the build
// and the run, so e2e/security.spec.ts can prove it reaches no browser.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, rmSync } from "node:fs";

const distDir = process.env.E2E_DIST_DIR ?? ".next-e2e";
const env = {
  ...process.env,
  NEXT_DIST_DIR: distDir,
  E2E_API_KEY: process.env.E2E_API_KEY ?? `sk-e2e-${randomBytes(16).toString("hex")}`,
  NEXT_TELEMETRY_DISABLED: "1",
  // One id per run: names the run's database file and its saved sign-ins.
  E2E_RUN_ID: process.env.E2E_RUN_ID ?? String(Date.now()),
};
env.UPSTREAM_API_KEY = env.E2E_API_KEY;
// The CSP is written at build time and must allow the simulator's origin, where media links point.
const simPort = Number(process.env.E2E_SIM_PORT ?? 4400);
env.UPSTREAM_BASE_URL = `http://127.0.0.1:${simPort}`;
// The second simulator (unfamiliar values, see playwright.config.ts) serves media too.
env.MEDIA_ORIGINS = `http://127.0.0.1:${simPort + 1}`;
env.NEXTAUTH_SECRET = env.NEXTAUTH_SECRET ?? randomBytes(24).toString("hex");

function run(cmd, args) {
  const r = spawnSync(cmd, args, { stdio: "inherit", env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (!existsSync("/usr/bin/chromium") && !process.env.E2E_CHROMIUM) {
  console.error("e2e: no Chromium at /usr/bin/chromium (apt-get install -y chromium), or set E2E_CHROMIUM");
  process.exit(1);
}
// `--build-only`: the build alone (scripts/test.mjs builds beside lint and the typecheck, then runs
// the journeys with E2E_SKIP_BUILD=1 and the same E2E_API_KEY, NEXTAUTH_SECRET and E2E_RUN_ID).
const buildOnly = process.argv.includes("--build-only");
if (process.env.E2E_SKIP_BUILD !== "1") run("node", ["scripts/build.mjs"]);
if (buildOnly) process.exit(0);
mkdirSync("data", { recursive: true });
rmSync(`e2e/.auth/${env.E2E_RUN_ID}`, { recursive: true, force: true });
run("npx", ["playwright", "test", ...process.argv.slice(2)]);

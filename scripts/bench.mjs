// `npm run bench`: starts the simulator (limits on) and a production build of
// the dashboard on spare ports, runs every benchmark in bench/, prints the
// figures, and stops both servers. Builds into .next-bench unless
// BENCH_SKIP_BUILD=1 and the folder exists.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync } from "node:fs";

const distDir = process.env.BENCH_DIST_DIR ?? ".next-bench";
const simPort = process.env.BENCH_SIM_PORT ?? "4500";
const port = process.env.BENCH_PORT ?? "3500";
const base = `http://127.0.0.1:${port}`;
const env = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: "1",
  NEXT_DIST_DIR: distDir,
  UPSTREAM_BASE_URL: `http://127.0.0.1:${simPort}`,
  UPSTREAM_API_KEY: "demo-key",
  NEXTAUTH_URL: base,
  NEXTAUTH_SECRET: randomBytes(24).toString("hex"),
  DATABASE_URL: `file:./data/bench-${Date.now()}.db`,
  SIMULATOR_PORT: simPort,
  SIMULATOR_TIME_SCALE: "0",
  LOG_LEVEL: "error",
};
mkdirSync("data", { recursive: true });

const step = (cmd, args, extraEnv = {}) => {
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...env, ...extraEnv } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed`);
};

async function waitFor(url) {
  for (let i = 0; i < 240; i++) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  throw new Error(`${url} did not come up`);
}

if (!(process.env.BENCH_SKIP_BUILD === "1" && existsSync(distDir))) step("node", ["scripts/build.mjs"]);
const servers = [
  spawn("npx", ["tsx", "simulator/main.ts"], { stdio: "ignore", env, detached: true }),
  spawn("node", ["server.mjs"], { stdio: "ignore", env: { ...env, PORT: port, HOST: "127.0.0.1" }, detached: true }),
];
const stop = () => servers.forEach((s) => { try { process.kill(-s.pid, "SIGTERM"); } catch {} });
process.on("exit", stop);
try {
  await waitFor(`http://127.0.0.1:${simPort}/api/v1/ext/account/`);
  await waitFor(`${base}/api/health`);
  console.log("\n== cached GET through the dashboard API ==");
  step("npx", ["tsx", "bench/cached-get.ts", base]);
  console.log("\n== request budget: three people on the campaign mirror (bench:budget) ==");
  step("npx", ["tsx", "bench/budget.ts"]);
  console.log("\n== word diff ==");
  step("npx", ["tsx", "bench/diff.ts"]);
  // Production mode (they start their own Redis, simulator and servers).
  step("npx", ["tsx", "bench/scale-out.ts"]);
  step("npx", ["tsx", "bench/events.ts"]);
  step("npx", ["tsx", "bench/redis-budget.ts"]);
  step("npx", ["tsx", "bench/cluster.ts"]);
} finally {
  stop();
}

// The browser figures build and start their own servers (bench/web.ts); BENCH_WEB=0 leaves them out.
if (process.env.BENCH_WEB !== "0") {
  console.log("\n== in the browser: Lighthouse, first-load JavaScript, warm navigations ==");
  step("npx", ["tsx", "bench/web.ts"]);
  // The same build: the 90-day analytics pages drawn in Chromium over a filled database.
  console.log("\n== in the browser: the 90-day trend and review analytics pages ==");
  step("npx", ["tsx", "bench/analytics-pages.ts"], { BENCH_SKIP_BUILD: "1" });
}

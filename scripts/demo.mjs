// `npm run demo`: builds the dashboard, then starts the simulator (world clock
// running 60x faster, limits on) and the dashboard together on
// http://localhost:3000 with the four demo sign-ins. Ctrl+C stops both. The
// dashboard listens on 127.0.0.1 only; set HOST (e.g. 0.0.0.0) to open it wider.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";

mkdirSync("data", { recursive: true });
// A stable secret per checkout, so demo sessions survive a restart.
const secretFile = "data/demo-secret";
if (!existsSync(secretFile)) writeFileSync(secretFile, randomBytes(24).toString("hex"));

const simPort = process.env.SIMULATOR_PORT ?? "4010";
const port = process.env.PORT ?? "3000";
const env = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: "1",
  DEMO: "1",
  UPSTREAM_BASE_URL: process.env.UPSTREAM_BASE_URL ?? `http://127.0.0.1:${simPort}`,
  UPSTREAM_API_KEY: process.env.UPSTREAM_API_KEY ?? "demo-key",
  NEXTAUTH_URL: process.env.NEXTAUTH_URL ?? `http://localhost:${port}`,
  NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? readFileSync(secretFile, "utf8").trim(),
  SIMULATOR_PORT: simPort,
  SIMULATOR_TIME_SCALE: process.env.SIMULATOR_TIME_SCALE ?? "60",
};

if (process.env.DEMO_SKIP_BUILD !== "1") {
  const build = spawnSync("npx", ["next", "build"], { stdio: "inherit", env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Each server runs in its own process group, so stopping the demo stops the
// servers npx started too, however the demo itself was stopped.
const children = [
  spawn("npx", ["tsx", "simulator/main.ts"], { stdio: "inherit", env, detached: true }),
  // server.mjs (`npm start`) listens on 127.0.0.1 unless HOST is set; PORT from env.
  spawn("node", ["server.mjs"], { stdio: "inherit", env: { ...env, PORT: port }, detached: true }),
];
console.log(`\ndemo: dashboard on http://localhost:${port}, simulator on http://127.0.0.1:${simPort}`);
console.log("demo: sign in as editor@example.com, reviewer@example.com, manager@example.com or admin@example.com, password: demo\n");

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // Already gone.
    }
  }
  setTimeout(() => process.exit(code), 500);
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
for (const child of children) child.on("exit", (code) => stop(code ?? 1));

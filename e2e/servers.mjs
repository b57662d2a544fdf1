// Starts every server of the journeys as Playwright's one web server (playwright.config.ts). Playwright
// starts a list of web servers one after another, each waiting for the last: 22-25 s for the three
// simulators and three dashboards of a two-lane run. Here the simulators start side by side, then the
// dashboards (a dashboard reads its simulator from its first second); "e2e servers ready" on stdout is
// what Playwright waits for. A server that exits, or one that does not come up in time, ends them all.
import { spawn } from "node:child_process";

/** @type {{ name: string; command: string; url: string; timeout: number; env: Record<string, string> }[][]} */
const stages = JSON.parse(process.env.E2E_SERVERS ?? "[]");

// Playwright's own rule for a web server's url: any answer below 404 means it is up.
async function answers(url) {
  try {
    const res = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(5_000) });
    return res.status >= 200 && res.status < 404;
  } catch {
    return false;
  }
}

async function waitFor(server) {
  const deadline = Date.now() + server.timeout;
  while (!(await answers(server.url))) {
    if (stopping) return;
    if (Date.now() > deadline) throw new Error(`e2e servers: ${server.name} (${server.url}) did not come up in ${server.timeout / 1000} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

// The servers run under shells and npx, in this process's group (Playwright starts its web server in a
// group of its own and stops it by killing that group): a signal to the group reaches every one of them.
let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  try {
    process.kill(0, "SIGTERM");
  } catch {
    // the group is gone already
  }
  setTimeout(() => process.exit(code), 500);
}
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stopAll(0));

function start(server) {
  const child = spawn(server.command, { shell: true, stdio: "inherit", env: { ...process.env, ...server.env } });
  child.on("exit", (code, signal) => {
    if (stopping) return;
    console.error(`e2e servers: ${server.name} exited (${signal ?? `code ${code}`})`);
    stopAll(code || 1);
  });
}

try {
  // A port that already answers is another run's server, which the journeys would test instead.
  for (const server of stages.flat()) {
    if (await answers(server.url)) throw new Error(`e2e servers: ${server.url} is already used; stop what runs there or pick other E2E_PORT / E2E_SIM_PORT`);
  }
  const began = Date.now();
  for (const stage of stages) {
    stage.forEach(start);
    await Promise.all(stage.map(waitFor));
    if (stopping) break;
    console.error(`e2e servers: ${stage.map((s) => s.name).join(", ")} up at ${((Date.now() - began) / 1000).toFixed(1)} s`);
  }
  if (!stopping) console.log("e2e servers ready");
} catch (error) {
  console.error(String(error instanceof Error ? error.message : error));
  stopAll(1);
}
// Runs until Playwright stops it.
if (!stopping) setInterval(() => {}, 1 << 30);

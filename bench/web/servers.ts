// Build and servers for `npm run bench:web`, the way scripts/bench.mjs does it
// (a production build in its own folder, the simulator and `node server.mjs` on
// spare ports), plus what a browser benchmark needs on top: free ports picked at
// run time, a throwaway database, logs kept for a failure, and every process
// group stopped at the end, on an error, Ctrl-C or SIGTERM too.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A port nobody listens on right now (the OS picks it; we close at once and use it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error("no free port"))));
    });
  });
}

const children = new Set<ChildProcess>();

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal); // detached: the child leads its own group (npx → tsx → node)
  } catch {
    /* already gone */
  }
}

/** Starts `cmd` detached (leading its own process group) in `cwd`, stdout and stderr appended to `logFile`; stopped by stopAll. */
export function startGroup(cmd: string, args: string[], o: { env: NodeJS.ProcessEnv; logFile: string; cwd?: string }): ChildProcess {
  const fd = openSync(o.logFile, "a");
  const child = spawn(cmd, args, { env: o.env, stdio: ["ignore", fd, fd], detached: true, cwd: o.cwd });
  closeSync(fd);
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
}

/** Resolves with the exit code once `child` has exited (a signal counts as a failure). */
export function exited(child: ChildProcess): Promise<number> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  if (child.signalCode !== null) return Promise.resolve(1);
  return new Promise((resolve) => child.once("exit", (code) => resolve(code ?? 1)));
}

/** SIGTERM to the child's group, SIGKILL after `graceMs` if it is still there. */
export async function stopGroup(child: ChildProcess, graceMs = 5_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  killGroup(child, "SIGTERM");
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      killGroup(child, "SIGKILL");
      resolve();
    }, graceMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
  });
  // A worker that ignored SIGTERM after its leader exited still gets the group's SIGKILL.
  killGroup(child, "SIGKILL");
}

/** Stops every process group started here: SIGTERM, then SIGKILL after `graceMs`. */
export async function stopAll(graceMs = 5_000): Promise<void> {
  await Promise.all([...children].map((c) => stopGroup(c, graceMs)));
  children.clear();
}

// Last resort when the script dies without reaching its `finally` (an exit call, an uncaught error).
process.on("exit", () => children.forEach((c) => killGroup(c, "SIGKILL")));

let stopping = false;

/** Whether a signal is stopping the run: a build or server that fails now was stopped, not broken. */
export const isStopping = (): boolean => stopping;

/** Runs `cleanup` once, then exits, on Ctrl-C or SIGTERM; `name` says who in the message. */
export function stopOnSignals(cleanup: () => Promise<void>, name = "bench:web"): void {
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      console.error(`\n${name}: ${signal}, stopping servers…`);
      void cleanup().finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
    });
  }
}

/** Waits until `url` answers (with `ok`: answers 2xx), failing early if `child` exits first. */
export async function waitFor(url: string, child: ChildProcess, name: string, logFile: string, o: { timeoutMs?: number; ok?: boolean } = {}): Promise<void> {
  const timeoutMs = o.timeoutMs ?? 180_000;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${name} exited (${child.exitCode ?? child.signalCode}) before answering; its log:\n${tail(logFile)}`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      await res.arrayBuffer();
      if (!o.ok || res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${name} did not answer ${url} within ${timeoutMs / 1000} s; its log:\n${tail(logFile)}`);
}

export function tail(file: string, lines = 30): string {
  try {
    return readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}

export type Ports = { app: number; sim: number };

/** The environment the build and the servers share (as in scripts/bench.mjs and playwright.config.ts). */
export function benchEnv(distDir: string, ports: Ports, dbFile: string): NodeJS.ProcessEnv {
  const base = `http://127.0.0.1:${ports.app}`;
  return {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: "1",
    NEXT_DIST_DIR: distDir,
    UPSTREAM_BASE_URL: `http://127.0.0.1:${ports.sim}`,
    UPSTREAM_API_KEY: "bench-web-key",
    NEXTAUTH_URL: base,
    NEXTAUTH_SECRET: randomBytes(24).toString("hex"),
    DATABASE_URL: `file:${dbFile}`,
    DEMO: "1",
    LOG_LEVEL: "warn",
    // A page load costs several upstream reads and Lighthouse loads each page a
    // dozen times: the budget's behaviour is measured by bench/budget.ts, here it
    // must never be what a page waits on (as in the e2e journeys).
    BUDGET_READS_PER_MINUTE: "5000",
    BUDGET_WRITES_PER_MINUTE: "600",
    BUDGET_REQUESTS_PER_HOUR: "100000",
    SIMULATOR_PORT: String(ports.sim),
    SIMULATOR_HOST: "127.0.0.1",
    SIMULATOR_API_KEY: "bench-web-key",
    SIMULATOR_LIMITS: "off",
    // A frozen clock: the same queue and posts for every page load of the run.
    SIMULATOR_TIME_SCALE: "0",
  };
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): void {
  console.log(`$ ${cmd} ${args.join(" ")}`);
  const r = spawnSync(cmd, args, { stdio: "inherit", env });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed (exit ${r.status ?? r.signal})`);
}

/**
 * `next build` of the tree into `distDir`, with `--analyze` so --diagnose can
 * name the modules in each chunk. By default in two steps (compile, then
 * generate), which skips the type check: this measures speed, `npm run
 * typecheck` checks types, and on a tree that several people edit at once a
 * half-finished type error elsewhere must not stop the benchmark.
 * BENCH_WEB_TYPECHECK=1 runs the one-step build with the type check instead.
 *
 * Next adds `<distDir>/types/**` to tsconfig.json's include when it type-checks;
 * that edit is undone here, so a benchmark leaves the tree as it found it.
 */
export function buildApp(env: NodeJS.ProcessEnv, typecheck: boolean): void {
  const tsconfig = existsSync("tsconfig.json") ? readFileSync("tsconfig.json", "utf8") : null;
  try {
    if (typecheck) run("node", ["scripts/build.mjs", "--analyze"], env);
    else {
      run("node", ["scripts/build.mjs", "--analyze", "--experimental-build-mode=compile"], env);
      run("node", ["scripts/build.mjs", "--experimental-build-mode=generate"], env);
    }
  } finally {
    if (tsconfig !== null) restoreTsconfig(tsconfig, String(env.NEXT_DIST_DIR));
  }
}

function restoreTsconfig(before: string, distDir: string): void {
  const now = readFileSync("tsconfig.json", "utf8");
  if (now === before) return;
  // Only our own folder's lines come out: anything else someone changed meanwhile stays.
  const ours = new RegExp(`^\\s*"${distDir.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/(dev/)?types/\\*\\*/\\*\\.ts",?\\n`, "gm");
  const without = now.replace(ours, "");
  if (without === now) return;
  writeFileSync("tsconfig.json", without.replace(/,(\s*\n\s*\])/g, "$1"));
}

export type Stack = {
  baseURL: string;
  simURL: string;
  apiKey: string;
  tmp: string;
  /** The dashboard's SQLite file. */
  dbFile: string;
  logs: { app: string; simulator: string };
};

/**
 * Starts the simulator and the dashboard (already built in `distDir`) and waits for both; `extraEnv`
 * goes to both; `cwd` is the tree they run from (another checkout, to compare two builds).
 */
export async function startStack(distDir: string, ports: Ports, extraEnv: Record<string, string> = {}, cwd?: string): Promise<Stack> {
  const tmp = mkdtempSync(join(tmpdir(), "bench-web-"));
  const dbFile = join(tmp, "dashboard.db");
  const env = { ...benchEnv(distDir, ports, dbFile), ...extraEnv };
  const logs = { simulator: join(tmp, "simulator.log"), app: join(tmp, "app.log") };
  const start = (name: keyof typeof logs, cmd: string, args: string[], extra: Record<string, string>) =>
    startGroup(cmd, args, { env: { ...env, ...extra }, logFile: logs[name], cwd });
  const sim = start("simulator", "npx", ["tsx", "simulator/main.ts"], {});
  const app = start("app", "node", ["server.mjs"], { PORT: String(ports.app), HOST: "127.0.0.1" });
  const simURL = `http://127.0.0.1:${ports.sim}`;
  const baseURL = `http://127.0.0.1:${ports.app}`;
  await waitFor(`${simURL}/api/v1/ext/account/`, sim, "simulator", logs.simulator);
  await waitFor(`${baseURL}/api/health`, app, "dashboard", logs.app);
  return { baseURL, simURL, apiKey: String(env.SIMULATOR_API_KEY), tmp, dbFile, logs };
}

export function removeTmp(stack: Stack | null): void {
  if (stack) rmSync(stack.tmp, { recursive: true, force: true });
}

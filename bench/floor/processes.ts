// The builds and servers of `npm run bench:floor`, each in its own process group
// (as bench/web/servers.ts starts its own), so that stopping one stops what it
// started too, and so that the run can stop them all on an error or a signal:
// servers.ts keeps its own list of children private to its stack.
import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, openSync } from "node:fs";
import { tail } from "../web/servers";

const children = new Set<ChildProcess>();

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal); // detached: the child leads its own group (next → its workers)
  } catch {
    /* already gone */
  }
}

/** Starts `cmd` detached in `cwd`, stdout and stderr appended to `logFile`. */
export function startGroup(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, logFile: string): ChildProcess {
  const fd = openSync(logFile, "a");
  const child = spawn(cmd, args, { cwd, env, stdio: ["ignore", fd, fd], detached: true });
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

export async function stopAll(): Promise<void> {
  await Promise.all([...children].map((c) => stopGroup(c)));
}

// Last resort when the script dies without reaching its `finally` (an exit call, an uncaught error).
process.on("exit", () => children.forEach((c) => killGroup(c, "SIGKILL")));

let stopping = false;

/** Whether a signal is stopping the run: a build or server that fails now was stopped, not broken. */
export const isStopping = (): boolean => stopping;

/** Stops every group started here, then exits, on Ctrl-C or SIGTERM. */
export function stopOnSignals(name: string): void {
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      console.error(`\n${name}: ${signal}, stopping builds and servers…`);
      void stopAll().finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
    });
  }
}

/** Waits until `url` answers 200, failing early if `child` exits first. */
export async function waitFor(url: string, child: ChildProcess, logFile: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before answering; its log:\n${tail(logFile)}`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`the server did not answer ${url} within ${timeoutMs / 1000} s; its log:\n${tail(logFile)}`);
}

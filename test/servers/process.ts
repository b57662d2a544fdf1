import { spawn, type ChildProcess } from "node:child_process";

export type Spawned = { child: ChildProcess; output: () => string; stop: () => Promise<void> };

/**
 * Starts a server in its own process group (so stopping it stops everything it
 * forked) and waits until `ready` says so; a server that exits or stays silent
 * fails the test with its own output, never a silent skip.
 */
export async function spawnServer(
  name: string,
  command: string,
  args: string[],
  ready: () => Promise<boolean>,
  options: { env?: NodeJS.ProcessEnv; timeoutMs?: number; uid?: number; gid?: number; cwd?: string; stopSignal?: NodeJS.Signals } = {},
): Promise<Spawned> {
  let child: ChildProcess;
  try {
    const { uid, gid, cwd } = options;
    child = spawn(command, args, { env: options.env ?? process.env, detached: true, stdio: ["ignore", "pipe", "pipe"], uid, gid, cwd });
  } catch (e) {
    throw new Error(`${name} could not be started (${command}): ${e instanceof Error ? e.message : String(e)}`);
  }
  let out = "";
  const keep = (b: Buffer) => {
    out = (out + b.toString()).slice(-8000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  let exited: string | null = null;
  let spawnError: Error | null = null;
  child.on("error", (e) => (spawnError = e));
  child.on("exit", (code, signal) => (exited = `exited with ${signal ?? code}`));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
    const gone = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    try {
      process.kill(-child.pid, options.stopSignal ?? "SIGTERM");
    } catch {
      return;
    }
    const timer = setTimeout(() => {
      try {
        if (child.pid) process.kill(-child.pid, "SIGKILL");
      } catch {
        /* already gone */
      }
    }, 5000);
    await gone;
    clearTimeout(timer);
  };
  const deadline = Date.now() + (options.timeoutMs ?? 20_000);
  for (;;) {
    if (spawnError) throw new Error(`${name} could not be started (${command}): ${(spawnError as Error).message}`);
    if (exited) throw new Error(`${name} ${exited} before it was ready:\n${out}`);
    if (await ready().catch(() => false)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${name} was not ready within ${options.timeoutMs ?? 20_000} ms:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, output: () => out, stop };
}

// One stage's minimal app of `npm run bench:floor`: written, built and started the
// same way by bench:floor (sizes of every stage) and by bench:web (the last stage
// as the floor each dashboard page is measured against).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { ChildProcess } from "node:child_process";
import { stageFiles, type Stage } from "./stages";
import { exited, freePort, isStopping, startGroup, stopGroup, tail, waitFor } from "../web/servers";

/** Target: each dashboard page's first-load JS is at most this many kB (1,024 bytes) above the last stage. */
export const ABOVE_FLOOR_KB = 45;
/** Target: Lighthouse mobile (median of 5) at least this, blocking time at most the floor's + this many ms, CLS at most this. */
export const MIN_MOBILE_SCORE = 90;
export const TBT_OVER_FLOOR_MS = 200;
export const MAX_CLS = 0.02;

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
export const floorDir = join(repoRoot, ".next-floor");
const nextBin = join(repoRoot, "node_modules/next/dist/bin/next");

export const floorEnv: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
// The dashboard's next.config.mjs reads it; a value meant for the dashboard must not move a stage's build elsewhere.
delete floorEnv.NEXT_DIST_DIR;

export const stageDir = (stage: Stage): string => join(floorDir, stage.dir);
export const stageBuilt = (stage: Stage): boolean => existsSync(join(stageDir(stage), ".next", "BUILD_ID"));

export function writeStage(stage: Stage): void {
  for (const [file, content] of Object.entries(stageFiles(stage, repoRoot))) {
    const path = join(stageDir(stage), file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
  }
}

/** Writes and builds the stage's app; the build's seconds. */
export async function buildStage(stage: Stage, say: (s: string) => void = (s) => process.stdout.write(s)): Promise<number> {
  writeStage(stage);
  const dir = stageDir(stage);
  const logFile = join(dir, "build.log");
  writeFileSync(logFile, "");
  const started = Date.now();
  say(`building ${stage.label} in .next-floor/${stage.dir}… `);
  // Run from the stage's folder: next-intl's plugin writes its Turbopack aliases relative to the working directory.
  const child = startGroup("node", [nextBin, "build", dir], { cwd: dir, env: floorEnv, logFile });
  const code = await exited(child);
  const seconds = Math.round((Date.now() - started) / 1000);
  if (code !== 0) {
    say(isStopping() ? "stopped\n" : "failed\n");
    throw new Error(`next build of stage ${stage.key} failed (exit ${code}) after ${seconds} s; its log (${logFile}):\n${tail(logFile, 40)}`);
  }
  say(`${seconds} s\n`);
  assertOnlyTheStage(stage, dir);
  return seconds;
}

/** Fails if the build took in the repo's own proxy or instrumentation (see pageExtensions in bench/floor/stages.ts). */
function assertOnlyTheStage(stage: Stage, dir: string): void {
  const server = join(dir, ".next", "server");
  const manifest = JSON.parse(readFileSync(join(server, "middleware-manifest.json"), "utf8")) as { middleware?: object };
  if (existsSync(join(server, "instrumentation.js")) || Object.keys(manifest.middleware ?? {}).length > 0) {
    throw new Error(`stage ${stage.key}'s build has a proxy or instrumentation hook: not the stage's app alone (${server})`);
  }
}

/** Starts the stage's built app on a free loopback port; its page's URL and the server to stop. */
export async function startStage(stage: Stage): Promise<{ url: string; server: ChildProcess; stop: () => Promise<void> }> {
  const dir = stageDir(stage);
  const logFile = join(dir, "start.log");
  writeFileSync(logFile, "");
  const port = await freePort();
  const server = startGroup("node", [nextBin, "start", dir, "-p", String(port), "-H", "127.0.0.1"], { cwd: dir, env: floorEnv, logFile });
  const url = `http://127.0.0.1:${port}/`;
  try {
    await waitFor(url, server, `the floor app (${stage.key})`, logFile, { timeoutMs: 60_000, ok: true });
  } catch (e) {
    await stopGroup(server);
    throw e;
  }
  return { url, server, stop: () => stopGroup(server) };
}

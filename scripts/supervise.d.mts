// Types for supervise.mjs (plain JavaScript so that the demo runs with bare `node`).
import type { ChildProcess } from "node:child_process";

export type ExitInfo = { name: string; code: number | null; signal: NodeJS.Signals | null; reason: string };
export type RestartPolicy = { minDelayMs?: number; maxDelayMs?: number; stableAfterMs?: number; maxQuickFailures?: number };

export function describeExit(code: number | null | undefined, signal: NodeJS.Signals | null | undefined): string;
export function backoffMs(attempt: number, policy: { minDelayMs: number; maxDelayMs: number }): number;

export type Supervised = {
  readonly child: ChildProcess | null;
  readonly restarts: number;
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<void>;
};

export function supervise(options: {
  name: string;
  start: () => ChildProcess;
  restart?: false | RestartPolicy;
  onExit?: (info: ExitInfo) => void;
  onGiveUp?: (info: ExitInfo) => void;
  log?: (line: string) => void;
}): Supervised;

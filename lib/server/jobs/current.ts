import "server-only";
import type { JobRunner } from "./job";

/*
 * The process's started runner, on globalThis: Next evaluates server modules
 * once per route bundle, and a route that queues work (a bulk job, a decision
 * whose outcome is unknown) must reach the runner start-up started.
 */
const g = globalThis as typeof globalThis & { __jobRunner?: JobRunner };

export function currentRunner(): JobRunner | undefined {
  return g.__jobRunner;
}

export function setCurrentRunner(runner: JobRunner | undefined, only?: JobRunner): void {
  if (only && g.__jobRunner !== only) return;
  g.__jobRunner = runner;
}

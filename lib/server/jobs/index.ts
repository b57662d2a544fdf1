import "server-only";
import { env } from "@/lib/env";
import { databaseKind } from "@/lib/server/db";
import { log } from "@/lib/server/log";
import { BossJobRunner, type BossRunnerOptions } from "./boss";
import { currentRunner } from "./current";
import type { JobRunner } from "./job";
import { LocalJobRunner, type LocalRunnerOptions } from "./local";

export type { HeldJob, JobRunner, QueuedJob, RecurringJob } from "./job";

/** pg-boss on Postgres, the in-process runner on SQLite: chosen by DATABASE_URL. */
export function createJobRunner(o: LocalRunnerOptions & BossRunnerOptions = {}): JobRunner {
  const url = env().DATABASE_URL;
  return databaseKind(url) === "postgres" ? new BossJobRunner(url, o) : new LocalJobRunner(o);
}

/** Runs a recurring job of the started runner soon; nothing when no runner is started (its next start runs it). */
export function wakeJob(name: string): void {
  currentRunner()?.wake(name);
}

/**
 * Queues a payload on the started runner. Without one (a script, a test that
 * runs no jobs) the payload is dropped with a line in the log: every payload
 * we queue is re-derived from the database when a runner starts.
 */
export async function sendJob<P>(name: string, payload: P, opts?: { startAfterMs?: number; singletonKey?: string }): Promise<void> {
  const runner = currentRunner();
  if (!runner) {
    log.debug("no job runner started: payload left for the next start", { job: name });
    return;
  }
  await runner.send(name, payload, opts);
}

import "server-only";
import { db, ensureMigrated } from "@/lib/server/db";
import { decide, recoverDecision } from "@/lib/server/decisions";
import { log } from "@/lib/server/log";
import { resumeSettling } from "@/lib/server/outcomes";
import { BulkRunner } from "./runner";
import { getJob, insertJob, listJobs, type NewBulkJob } from "./store";
import "./tables";

export { BulkRunner, BULK_LEASE_MS, BULK_POLL_MS, BULK_WRITE_INTERVAL_MS } from "./runner";

/*
 * One runner per process (kept on globalThis because Next may load this
 * module once per route bundle). Every instance's runner claims items from
 * the same tables, and bulk writes are paced for all of them together in the
 * database, so running several instances neither decides twice nor writes faster.
 */
const g = globalThis as typeof globalThis & { __bulkRunner?: BulkRunner; __bulkIntervalMsForTests?: number };

function runner(): BulkRunner {
  if (!g.__bulkRunner) {
    g.__bulkRunner = new BulkRunner({ db, decide, recover: recoverDecision, intervalMs: g.__bulkIntervalMsForTests });
    // Jobs queued on another instance, or left by one that died, are joined within a poll interval.
    g.__bulkRunner.watch();
  }
  return g.__bulkRunner;
}

/**
 * Tests: the spacing between bulk writes of the process's runner, set before its first job. The 3 s
 * guard the key's write budget, which the route tests' simulator does not limit; the pacing itself is
 * tested on a fake clock (runner.test.ts).
 */
export function setBulkIntervalForTests(ms: number | undefined): void {
  if (g.__bulkRunner) throw new Error("the bulk runner already runs: set its interval before the first job");
  g.__bulkIntervalMsForTests = ms;
}

function kick(): void {
  runner()
    .wake()
    .catch((e: unknown) => log.error("bulk runner stopped", { error: e instanceof Error ? e : String(e) }));
}

/**
 * Picks up jobs left unfinished by a previous process, and decisions it left
 * unknown. Call once at server
 * start (instrumentation.ts `register()`, Node runtime only).
 */
export async function resumeBulkJobs(): Promise<void> {
  await ensureMigrated();
  kick();
  // Decisions a previous process left with an unknown outcome (its bulk items among them) are settled too.
  await resumeSettling().catch((e: unknown) => log.error("settling unknown decisions did not resume", { error: e instanceof Error ? e : String(e) }));
}

export async function startBulkJob(input: NewBulkJob) {
  await ensureMigrated();
  const id = await insertJob(db(), input);
  kick();
  const detail = await getJob(db(), id);
  if (!detail) throw new Error(`bulk job ${id} vanished after insert`);
  return detail.job;
}

export async function readBulkJob(id: number) {
  await ensureMigrated();
  const detail = await getJob(db(), id);
  // Someone is waiting on an unfinished job: make sure a runner works on it even if start-up did not resume.
  if (detail && detail.job.status !== "done") kick();
  return detail;
}

export async function recentBulkJobs(campaignId: number) {
  await ensureMigrated();
  return listJobs(db(), campaignId);
}

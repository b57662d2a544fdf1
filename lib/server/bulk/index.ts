import "server-only";
import { db, ensureMigrated } from "@/lib/server/db";
import { decide, recoverDecision } from "@/lib/server/decisions";
import { wakeJob, type RecurringJob } from "@/lib/server/jobs";
import { hasOpenJobs } from "./claims";
import { BulkRunner, BULK_POLL_MS, type BulkRunnerOptions } from "./runner";
import { getJob, insertJob, listJobs, type NewBulkJob } from "./store";
import "./tables";

export const BULK_JOB = "bulk-runner";

/**
 * Bulk decisions as one recurring job of the runner (lib/server/jobs), not a
 * payload per item: the items already live in the database as a queue with
 * per-item claims (a call that may have landed is re-checked, never sent
 * blind), the pacing is one row every instance honours, and each item asks
 * the one access check right before its call. A run works through the open
 * items until none is left, or for 30 s (then after the item in flight, and
 * wakes the job again): short runs let another instance take over soon when
 * this one dies mid-run. Tests pass a shorter write interval.
 */
export function bulkJob(o: Partial<BulkRunnerOptions> = {}): RecurringJob {
  return {
    name: BULK_JOB,
    everyMs: BULK_POLL_MS,
    timeoutMs: 30_000,
    run: async ({ signal }) => {
      await ensureMigrated();
      if (signal.aborted || !(await hasOpenJobs(db()))) return;
      const runner = new BulkRunner({ db, decide, recover: recoverDecision, ...o });
      const stop = () => void runner.stop();
      signal.addEventListener("abort", stop, { once: true });
      try {
        await runner.wake();
      } finally {
        signal.removeEventListener("abort", stop);
      }
      // Cut short with items left: the next run right away (nothing happens when the runner itself is stopping).
      if (signal.aborted && (await hasOpenJobs(db()))) wakeJob(BULK_JOB);
    },
  };
}

export async function startBulkJob(input: NewBulkJob) {
  await ensureMigrated();
  const id = await insertJob(db(), input);
  wakeJob(BULK_JOB);
  const detail = await getJob(db(), id);
  if (!detail) throw new Error(`bulk job ${id} vanished after insert`);
  return detail.job;
}

export async function readBulkJob(id: number) {
  await ensureMigrated();
  return getJob(db(), id);
}

export async function recentBulkJobs(campaignId: number) {
  await ensureMigrated();
  return listJobs(db(), campaignId);
}

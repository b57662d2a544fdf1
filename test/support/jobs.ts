import { bulkJob } from "@/lib/server/bulk";
import { createJobRunner, type JobRunner } from "@/lib/server/jobs";
import { resumeSettling, settlerJob, type SettleTiming } from "@/lib/server/outcomes";

/**
 * The jobs a route test's decisions need, on a runner of the test's database
 * (pg-boss on Postgres, in-process on SQLite), as start-up runs them but with
 * test-sized timings: bulk writes `bulkIntervalMs` apart (the simulator here
 * has no write limit to guard), the settler on a scaled-down schedule. Stop it
 * in afterAll: a stopped runner runs nothing, as a process that ended.
 */
export async function startTestJobs(o: { bulkIntervalMs?: number; settle?: SettleTiming } = {}): Promise<JobRunner> {
  const runner = createJobRunner({ pollSeconds: 0.5 });
  runner.recurring(bulkJob({ intervalMs: o.bulkIntervalMs ?? 50 }));
  runner.queue(settlerJob(o.settle));
  await runner.start();
  await resumeSettling();
  return runner;
}

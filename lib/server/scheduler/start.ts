import "server-only";
import { log } from "@/lib/server/log";
import { appScheduler } from "./index";

/**
 * Runs the scheduler's job on a plain timer until the job runner
 * (lib/server/jobs) takes it: then this file goes, and startup registers
 * `appScheduler().job` with the runner (and `wants.onAsk` calls its `wake`).
 */
export function startUpstreamScheduler(): void {
  const s = appScheduler();
  if (s.running) return;
  s.running = true;
  const job = s.job;
  let timer: NodeJS.Timeout | undefined;
  const run = () => {
    clearTimeout(timer);
    void job
      .run({ signal: new AbortController().signal })
      .catch((e: unknown) => log.warn("upstream scheduler tick failed", { error: e instanceof Error ? e.message : String(e) }))
      .finally(() => {
        timer = setTimeout(run, job.everyMs);
        timer.unref();
      });
  };
  // A campaign asked for (a webhook, an unknown outcome) is read now, not at the next tick.
  s.wants.onAsk(() => setImmediate(run));
  run();
  log.info("upstream scheduler started", { everyMs: job.everyMs, readsPerHour: s.c.readsPerHour });
}

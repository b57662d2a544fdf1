import "server-only";
import { env } from "@/lib/env";
import { databaseLabel, migrateToLatest } from "@/lib/server/db";
import { log } from "@/lib/server/log";
import { installUnknownValueLogger } from "@/lib/server/route/unknown-values";

/**
 * Server start-up, called once from instrumentation.ts in the Node.js runtime:
 * validate the environment, route unknown upstream values into the logger,
 * open the database, apply migrations, put decisions that could not be
 * recorded last time (the audit fallback file) into the audit log, and start
 * the background jobs. Next only logs a failing
 * instrumentation hook and then answers every request with a 500, so a
 * broken environment or database ends the process here instead, with a
 * message naming what is wrong.
 */
export async function startServer(): Promise<void> {
  try {
    env();
  } catch (e) {
    fatal("invalid environment", e);
  }
  installUnknownValueLogger();
  try {
    await migrateToLatest();
  } catch (e) {
    fatal("database migration failed", e);
  }
  // Before any new decision: the audit log must hold the ones kept aside last time.
  const { replayAuditFallback } = await import("@/lib/server/audit-fallback");
  await replayAuditFallback().catch((e: unknown) =>
    // Not fatal: the file stays, and the health check keeps failing until it is replayed.
    log.error("could not replay the audit fallback file", { error: e instanceof Error ? e : String(e) }),
  );
  await startJobs().catch((e: unknown) => log.error("could not start the background jobs", { error: e instanceof Error ? e : String(e) }));
  log.info("dashboard server ready", { runtime: "nodejs", database: databaseLabel(), redis: env().REDIS_URL ? "on" : "off" });
}

/**
 * Every background loop is a job of one runner (lib/server/jobs): pg-boss on
 * Postgres, in-process on SQLite. Recurring jobs run on one instance at a
 * time; the bots' long polling is held by one instance through the lease table.
 */
async function startJobs(): Promise<void> {
  const { createJobRunner } = await import("@/lib/server/jobs");
  const { currentRunner } = await import("@/lib/server/jobs/current");
  // A second start in one process (a test's restart) replaces the runner rather than running two.
  await currentRunner()?.stop();
  const runner = createJobRunner();
  // Bulk decision jobs go on across restarts: woken at start, so any left unfinished are picked up at once.
  const { BULK_JOB, bulkJob } = await import("@/lib/server/bulk");
  runner.recurring(bulkJob());
  // Decisions whose outcome is unknown: re-read on their schedule, including those an earlier process left.
  const { resumeSettling, settlerJob } = await import("@/lib/server/outcomes");
  runner.queue(settlerJob());
  // Notifications: the notify() sink on every instance; deadline checks on the mirrored campaigns and e-mail digests as a job.
  const { notifyJob, startNotifications } = await import("@/lib/server/notify/runtime");
  startNotifications();
  runner.recurring(notifyJob());
  // Scheduled reports (lib/server/reports/schedule).
  const { reportSenderJob } = await import("@/lib/server/reports/schedule/runtime");
  runner.recurring(reportSenderJob());
  // The Telegram bot (lib/server/messengers/telegram): nothing without TELEGRAM_BOT_TOKEN; long polling held by one instance, or a webhook.
  const { startTelegram } = await import("@/lib/server/messengers/telegram/runtime");
  await startTelegram(runner).catch((e: unknown) => log.error("could not start the telegram bot", { error: e instanceof Error ? e.message : String(e) }));
  // The MAX bot (lib/server/messengers/max): nothing without MAX_BOT_TOKEN; long polling held by one instance.
  const { startMax } = await import("@/lib/server/messengers/max/runtime");
  await startMax(runner).catch((e: unknown) => log.error("could not start the max bot", { error: e instanceof Error ? e.message : String(e) }));
  // Every background upstream read (campaign mirrors, the engagement series) in one order (lib/server/scheduler);
  // a campaign asked for (a webhook, an unknown outcome) is read now, not at the next tick.
  const { appScheduler } = await import("@/lib/server/scheduler");
  const scheduler = appScheduler();
  runner.recurring(scheduler.job);
  scheduler.running = true;
  scheduler.wants.onAsk(() => runner.wake(scheduler.job.name));
  await runner.start();
  runner.wake(BULK_JOB);
  await resumeSettling();
}

function fatal(msg: string, e: unknown): never {
  // The env message lists variable names and problems, never values.
  log.error(msg, { error: e instanceof Error ? e.message : String(e) });
  process.exit(1);
}

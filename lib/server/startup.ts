import "server-only";
import { env } from "@/lib/env";
import { databaseLabel, migrateToLatest } from "@/lib/server/db";
import { log } from "@/lib/server/log";
import { installUnknownValueLogger } from "@/lib/server/route/unknown-values";

/**
 * Server start-up, called once from instrumentation.ts in the Node.js runtime:
 * validate the environment, route unknown upstream values into the logger,
 * open the database, apply migrations, put decisions that could not be
 * recorded last time (the audit fallback file) into the audit log, and resume
 * unfinished bulk jobs. Next only logs a failing
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
  // Bulk decision jobs go on across restarts: pick up any left unfinished.
  const { resumeBulkJobs } = await import("@/lib/server/bulk");
  await resumeBulkJobs().catch((e: unknown) => log.error("could not resume bulk jobs", { error: e }));
  // Every background upstream read (campaign mirrors, the engagement series) in one order: lib/server/scheduler.
  (await import("@/lib/server/scheduler/start")).startUpstreamScheduler();
  // Notifications: the notify() sink, deadline checks on the inbox's data and e-mail digests.
  const { startNotifications } = await import("@/lib/server/notify/runtime");
  startNotifications();
  // Scheduled reports: every instance ticks, the lease holder sends (lib/server/reports/schedule).
  const { startReportSender } = await import("@/lib/server/reports/schedule/runtime");
  startReportSender();
  // The Telegram bot (lib/server/messengers/telegram): nothing without TELEGRAM_BOT_TOKEN; polling under a lease, or a webhook.
  const { startTelegram } = await import("@/lib/server/messengers/telegram/runtime");
  await startTelegram().catch((e: unknown) => log.error("could not start the telegram bot", { error: e instanceof Error ? e.message : String(e) }));
  // The MAX bot (lib/server/messengers/max): nothing without MAX_BOT_TOKEN; long polling under its own lease.
  const { startMax } = await import("@/lib/server/messengers/max/runtime");
  await startMax().catch((e: unknown) => log.error("could not start the max bot", { error: e instanceof Error ? e.message : String(e) }));
  log.info("dashboard server ready", { runtime: "nodejs", database: databaseLabel(), redis: env().REDIS_URL ? "on" : "off" });
}

function fatal(msg: string, e: unknown): never {
  // The env message lists variable names and problems, never values.
  log.error(msg, { error: e instanceof Error ? e.message : String(e) });
  process.exit(1);
}

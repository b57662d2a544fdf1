import "server-only";
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { env } from "@/lib/env";
import { db, ensureMigrated } from "@/lib/server/db";
import { systemClock } from "@/lib/server/gateway/clock";
import { log } from "@/lib/server/log";
import { service } from "@/lib/server/upstream-service";
import { Collector, DEFAULT_COLLECTOR_CONFIG, type CollectorDeps } from "./collector";
import { currentCollector, setCurrentCollector } from "./current";

export { currentCollector };

/**
 * The process's one collector, started by lib/server/startup.ts. On
 * globalThis, like the service it reads through: routes in other bundles of
 * the same process (the health screen, the trend routes waking it) must find
 * this one, not start another. Its timers are unref'd (systemClock), so it
 * never keeps a process alive, and `stopCollector` ends it.
 */

export function collectorFromEnv(): Collector {
  const e = env();
  return new Collector({
    service,
    db: db(),
    clock: systemClock,
    config: { ...DEFAULT_COLLECTOR_CONFIG, hourlyBudget: e.BUDGET_REQUESTS_PER_HOUR, budgetShare: e.COLLECTOR_BUDGET_SHARE },
    owner: `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`,
  });
}

export async function startCollector(): Promise<void> {
  if (currentCollector()?.isRunning) return;
  await ensureMigrated();
  const c = collectorFromEnv();
  setCurrentCollector(c);
  c.start();
  log.info("engagement collector started", { budgetShare: env().COLLECTOR_BUDGET_SHARE });
}

export function stopCollector(): void {
  currentCollector()?.stop();
}

/** A page registered posts the collector did not know: look at the work list now rather than at the next idle recheck. */
export function wakeCollector(): void {
  currentCollector()?.wake();
}

/** Tests: a collector of their own (fake clock, their database), or none. */
export function resetCollectorForTests(deps?: CollectorDeps): Collector | undefined {
  currentCollector()?.stop();
  const c = deps ? new Collector(deps) : undefined;
  setCurrentCollector(c);
  return c;
}

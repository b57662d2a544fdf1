import "server-only";
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { env } from "@/lib/env";
import { db } from "@/lib/server/db";
import { systemClock } from "@/lib/server/gateway/clock";
import { service } from "@/lib/server/upstream-service";
import { Collector, DEFAULT_COLLECTOR_CONFIG } from "./collector";
import { setCurrentCollector } from "./current";

/**
 * The process's one collector, registered by the upstream scheduler's start
 * (lib/server/scheduler, a job of the runner), which runs its steps. On globalThis (./current.ts):
 * routes in other bundles of the same process (the health screen, the free-data hook) find this one.
 */
export function collectorFromEnv(): Collector {
  const e = env();
  const c = new Collector({
    service,
    db: db(),
    clock: systemClock,
    config: { ...DEFAULT_COLLECTOR_CONFIG, hourlyBudget: e.BUDGET_REQUESTS_PER_HOUR, budgetShare: e.COLLECTOR_BUDGET_SHARE },
    owner: `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`,
  });
  setCurrentCollector(c);
  return c;
}

import "server-only";
import { sql } from "kysely";
import type { AdminHealth } from "@/lib/schemas/admin-health";
import { env } from "@/lib/env";
import "@/lib/server/bulk/tables";
import { collectorStatus } from "@/lib/server/collector/status";
import { db, ensureMigrated } from "@/lib/server/db";
import { defaultLimits } from "@/lib/server/gateway/budget";
import { gatewayLastHour } from "@/lib/server/gateway/recent";
import { spentLastHour } from "@/lib/server/gateway/spend-by-kind";
import { inboxStatus } from "@/lib/server/inbox";
import { redisHealth } from "@/lib/server/redis";
import { databaseHealth, upstreamHealth } from "@/lib/server/route/health-check";
import { budgetSnapshotNow } from "@/lib/server/upstream-service";

/** Bulk jobs as the database has them: every instance's, not only this one's. */
async function bulkStatus(now: number): Promise<AdminHealth["background"]["bulk"]> {
  await ensureMigrated();
  const hourAgo = new Date(now - 3_600_000).toISOString();
  const [jobs, pending, failed, last] = await Promise.all([
    db().selectFrom("bulk_jobs").select((eb) => ["status", eb.fn.countAll<number>().as("n")]).where("status", "in", ["queued", "running"]).groupBy("status").execute(),
    db().selectFrom("bulk_job_items").select((eb) => eb.fn.countAll<number>().as("n")).where("status", "in", ["pending", "running"]).executeTakeFirstOrThrow(),
    db()
      .selectFrom("bulk_job_items")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "=", "failed")
      .where("finished_at", ">=", hourAgo)
      .executeTakeFirstOrThrow(),
    db().selectFrom("bulk_jobs").select(sql<string | null>`max(finished_at)`.as("at")).executeTakeFirst(),
  ]);
  // Counts are numbers from SQLite and text from Postgres.
  const of = (s: string) => Number(jobs.find((j) => j.status === s)?.n ?? 0);
  return { queued: of("queued"), running: of("running"), itemsPending: Number(pending.n), itemsFailedLastHour: Number(failed.n), lastFinishedAt: last?.at ?? null };
}

/** Under this share of the hour left the screen turns amber. */
export const HOUR_LOW_SHARE = 0.2;

/**
 * The hour as an admin should read it: spent once people's reads are refused
 * (only the decisions' reserve is left), low under 20 % left.
 */
export function hourState(left: number, limits: { reads: number; writes: number; hourly: number }): "ok" | "low" | "spent" {
  if (left <= defaultLimits(limits.reads, limits.writes, limits.hourly).writeReserve) return "spent";
  return left < limits.hourly * HOUR_LOW_SHARE ? "low" : "ok";
}

const EMPTY_BULK: AdminHealth["background"]["bulk"] = { queued: 0, running: 0, itemsPending: 0, itemsFailedLastHour: 0, lastFinishedAt: null };

/**
 * Everything the screen shows, in one answer. The upstream figure is the
 * shared once-a-minute check of /api/health (health-check.ts), so a screen
 * polling every 5 s costs the upstream nothing more; the rest is local.
 */
export async function adminHealth(now = Date.now()): Promise<AdminHealth> {
  const [database, redis] = await Promise.all([databaseHealth(), redisHealth()]);
  const [upstream, budget, collector, bulk, spentBy] = await Promise.all([
    upstreamHealth(),
    redis?.ok === false ? Promise.resolve(null) : budgetSnapshotNow().catch(() => null),
    collectorStatus(),
    // A database that cannot answer is already reported as such; background work then reads as none.
    database.ok ? bulkStatus(now).catch(() => EMPTY_BULK) : Promise.resolve(EMPTY_BULK),
    spentLastHour(now),
  ]);
  const e = env();
  const limits = { reads: e.BUDGET_READS_PER_MINUTE, writes: e.BUDGET_WRITES_PER_MINUTE, hourly: e.BUDGET_REQUESTS_PER_HOUR };
  const lastHour = gatewayLastHour(now);
  const reads = lastHour.cache.hit + lastHour.cache.joined + lastHour.cache.stale + lastHour.cache.miss;
  return {
    status: database.ok && (redis?.ok ?? true) ? "ok" : "error",
    mode: redis ? "production" : "embedded",
    checkedAt: new Date(now).toISOString(),
    upstream,
    budget: budget && {
      reads: budget.reads,
      writes: budget.writes,
      hourly: budget.hourly,
      limits,
      ...(budget.pausedUntil ? { pausedUntil: budget.pausedUntil } : {}),
      hourState: hourState(budget.hourly, limits),
    },
    spentBy,
    lastHour: { ...lastHour, cacheHitRate: reads === 0 ? null : (lastHour.cache.hit + lastHour.cache.joined) / reads },
    // The background rows' request counts are the breakdown's own figures (what spent the hour, by
    // kind), so the screen never says two numbers for one thing.
    background: { collector: { ...collector, callsLastHour: spentBy.collector }, inbox: { ...inboxStatus(), callsLastHour: spentBy.mirror }, bulk },
    database,
    redis: redis ?? null,
  };
}

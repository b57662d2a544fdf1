import "server-only";
import { env } from "@/lib/env";
import { db, ensureMigrated } from "@/lib/server/db";
import { currentCollector } from "./current";

/**
 * The engagement collector's state for the admin health screen (issue 13):
 * provided by the collector (lib/server/collector), read by /api/admin/health.
 */
export type CollectorStatus = {
  running: boolean;
  /** The share of the hourly budget it may spend (0–1). */
  budgetShare: number;
  /** Upstream calls it made in the last hour (this instance, or all with Redis). */
  callsLastHour: number;
  /** ISO times of its last successful round and the last error, if any. */
  lastRunAt: string | null;
  lastError: { at: string; message: string; kind: "budget" | "upstreamHttp" | "unavailable" | "other"; seconds?: number; status?: number } | null;
  /** Posts it tracks, and the oldest and newest snapshot age in seconds (null when none). */
  postsTracked: number;
  newestSnapshotAgeSeconds: number | null;
  oldestSnapshotAgeSeconds: number | null;
};

const iso = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : new Date(ms).toISOString());

/**
 * Calls are this instance's own (each instance pays its claims; with several
 * instances the pacing row keeps them to the share together). Ages are of
 * each tracked post's last collection: newest = the most recently collected
 * post, oldest = the one waiting longest (a post never collected yet counts
 * from when it was registered, i.e. not at all until collected).
 */
export async function collectorStatus(): Promise<CollectorStatus> {
  const c = currentCollector();
  let postsTracked = 0;
  let newest: number | null = null;
  let oldest: number | null = null;
  try {
    await ensureMigrated();
    const row = await db()
      .selectFrom("metric_collector_items")
      .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.max("last_collected_at").as("newest"), eb.fn.min("last_collected_at").as("oldest")])
      .where("kind", "=", "post")
      .where("next_due_at", "is not", null)
      .executeTakeFirst();
    postsTracked = Number(row?.n ?? 0);
    const now = Date.now();
    if (row?.newest) newest = Math.max(0, Math.round((now - Date.parse(row.newest)) / 1000));
    if (row?.oldest) oldest = Math.max(0, Math.round((now - Date.parse(row.oldest)) / 1000));
  } catch {
    // The health screen reports the database on its own; the collector's figures stay empty.
  }
  return {
    running: c?.isRunning ?? false,
    budgetShare: env().COLLECTOR_BUDGET_SHARE,
    callsLastHour: c?.callsLastHour() ?? 0,
    lastRunAt: iso(c?.lastRunAt),
    lastError: c?.lastError ? { ...c.lastError, at: new Date(c.lastError.at).toISOString() } : null,
    postsTracked,
    newestSnapshotAgeSeconds: newest,
    oldestSnapshotAgeSeconds: oldest,
  };
}

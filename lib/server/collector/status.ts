import "server-only";

/**
 * The engagement collector's state for the admin health screen (issue 13):
 * provided by the collector (lib/server/collector), read by /api/admin/health.
 * Placeholder until the collector exists: reports it as not running.
 */
export type CollectorStatus = {
  running: boolean;
  /** The share of the hourly budget it may spend (0–1). */
  budgetShare: number;
  /** Upstream calls it made in the last hour (this instance, or all with Redis). */
  callsLastHour: number;
  /** ISO times of its last successful round and the last error, if any. */
  lastRunAt: string | null;
  lastError: { at: string; message: string } | null;
  /** Posts it tracks, and the oldest and newest snapshot age in seconds (null when none). */
  postsTracked: number;
  newestSnapshotAgeSeconds: number | null;
  oldestSnapshotAgeSeconds: number | null;
};

export async function collectorStatus(): Promise<CollectorStatus> {
  return {
    running: false,
    budgetShare: 0,
    callsLastHour: 0,
    lastRunAt: null,
    lastError: null,
    postsTracked: 0,
    newestSnapshotAgeSeconds: null,
    oldestSnapshotAgeSeconds: null,
  };
}

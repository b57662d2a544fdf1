import "server-only";
import { ensureMigrated, pingDatabase } from "@/lib/server/db";
import { toApiError } from "@/lib/server/errors";
import { service } from "@/lib/server/upstream-service";

/** At most one upstream call per this many ms on behalf of health checks, however often they poll. */
export const UPSTREAM_CHECK_INTERVAL_MS = 30_000;

export type UpstreamHealth = {
  reachable: boolean;
  /** True when the account came from the last known data (the upstream failed or the budget is spent). */
  stale: boolean;
  fetchedAt?: string;
  checkedAt: string;
  error?: string;
};

let last: { at: number; value: Promise<UpstreamHealth> } | undefined;

/** From the (cached) account read; in-flight and recent checks are shared. */
export function upstreamHealth(now = Date.now()): Promise<UpstreamHealth> {
  if (last && now - last.at < UPSTREAM_CHECK_INTERVAL_MS) return last.value;
  const checkedAt = new Date(now).toISOString();
  const value = service.account("background").then(
    (r): UpstreamHealth => ({ reachable: !r.meta.stale, stale: r.meta.stale, fetchedAt: r.meta.fetchedAt, checkedAt }),
    (e: unknown): UpstreamHealth => ({ reachable: false, stale: false, checkedAt, error: toApiError(e).code }),
  );
  last = { at: now, value };
  return value;
}

export async function databaseHealthy(): Promise<boolean> {
  try {
    await ensureMigrated();
    return await pingDatabase();
  } catch {
    return false;
  }
}

export function resetHealthForTests(): void {
  last = undefined;
}

import "server-only";
import { env } from "@/lib/env";
import { db, ensureMigrated } from "@/lib/server/db";
import { BACKGROUND_SHARE } from "@/lib/server/gateway/budget";
import { systemClock } from "@/lib/server/gateway/clock";
import { PRESENCE_TTL_MS } from "@/lib/server/collab/presence";
import { collectorFromEnv } from "@/lib/server/collector";
import { budgetSnapshot, service } from "@/lib/server/upstream-service";
import { UpstreamScheduler } from "./scheduler";
import { spareForWaited } from "./spare";

const g = globalThis as typeof globalThis & { __upstreamScheduler?: UpstreamScheduler };

/** Campaigns with a post page open now, on any instance (presence heartbeats in the database). */
async function watchedCampaigns(): Promise<number[]> {
  await ensureMigrated();
  const rows = await db()
    .selectFrom("presence")
    .select("campaign_id")
    .distinct()
    .where("seen_at", ">=", new Date(Date.now() - PRESENCE_TTL_MS).toISOString())
    .where("campaign_id", "is not", null)
    .execute();
  return rows.map((r) => r.campaign_id as number);
}

/**
 * The process's scheduler, over the app's service and collector. On
 * globalThis like the service: the health route, in another bundle, reads its stats.
 */
export function appScheduler(): UpstreamScheduler {
  if (g.__upstreamScheduler) return g.__upstreamScheduler;
  const e = env();
  const { mirror } = service;
  const limits = { readsPerMinute: e.BUDGET_READS_PER_MINUTE, requestsPerHour: e.BUDGET_REQUESTS_PER_HOUR };
  g.__upstreamScheduler = new UpstreamScheduler({
    store: mirror.store,
    refresher: mirror.refresher,
    wants: mirror.scheduler,
    kept: mirror.refreshKept,
    clock: systemClock,
    campaigns: async () => {
      const r = await service.campaigns({ status: ["ACTIVE", "FROZEN"] }, "background");
      return r.data.campaigns.filter((c) => c.status === "ACTIVE" || c.status === "FROZEN").map((c) => c.id);
    },
    watched: watchedCampaigns,
    collector: collectorFromEnv(),
    spare: () => spareForWaited(budgetSnapshot(), limits),
    config: { readsPerHour: Math.floor(e.BUDGET_REQUESTS_PER_HOUR * BACKGROUND_SHARE), dueSoonWindowMs: e.INBOX_DUE_SOON_MINUTES * 60_000 },
  });
  return g.__upstreamScheduler;
}

/** The running scheduler, if started (the health screen must not start one). */
export function currentScheduler(): UpstreamScheduler | undefined {
  return g.__upstreamScheduler;
}

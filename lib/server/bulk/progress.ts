import "server-only";
import type { Kysely } from "kysely";
import type { Database } from "@/lib/server/db";
import { publishEvent, type DashboardEvent } from "@/lib/server/events";
import { log } from "@/lib/server/log";
import { jobSummary } from "./store";

export type BulkEvent = Extract<DashboardEvent, { type: "bulk" }>;

/**
 * Tells open pages how far a job is: its summary as a `bulk` event (they refetch the job). Sent by
 * the runner after each item and by the settler when it settles an item of unknown outcome, so a
 * page learns either without a reload. Never throws: pages fall back to polling.
 */
export async function publishJobProgress(db: Kysely<Database>, jobId: number, publish: (event: BulkEvent) => void = publishEvent): Promise<void> {
  try {
    const job = await jobSummary(db, jobId);
    if (job) publish({ type: "bulk", job_id: job.id, campaign_id: job.campaign_id, status: job.status, ok: job.ok, failed: job.failed, unknown: job.unknown, total: job.total });
  } catch (e) {
    log.warn("bulk job: progress event not sent", { jobId, error: e instanceof Error ? e : String(e) });
  }
}

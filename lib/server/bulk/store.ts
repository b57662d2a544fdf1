import "server-only";
import type { Kysely } from "kysely";
import type { SessionUser } from "@/lib/auth/roles";
import type { BulkAction, BulkJob, BulkStopReason, BulkJobDetail, BulkJobItem } from "@/lib/queries/bulk";
import type { Database } from "@/lib/server/db";
import { AUTHOR_LOST, stopLossOf } from "./stop";
import type { BulkJobItemRow, BulkJobRow } from "./tables";

/** Database access of bulk jobs as a whole; the routes and the runner share it. Items are claimed in ./claims.ts. */
export type NewBulkJob = {
  user: SessionUser;
  campaignId: number;
  action: BulkAction;
  reason: string | null;
  /** A code of REJECT_CATEGORIES for a reject (the route checks it). */
  reasonCategory?: string | null;
  taskIds: number[];
  /** Parallel to taskIds: the version seen of each post, or null where it is not pinned. */
  versions?: readonly (number | null)[];
  /** "Approve all clean": each item only if its active version has no finding when the runner reaches it. */
  onlyClean?: boolean;
};

export async function insertJob(db: Kysely<Database>, input: NewBulkJob): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const job = await trx
      .insertInto("bulk_jobs")
      .values({
        campaign_id: input.campaignId,
        action: input.action,
        reason: input.reason,
        reason_category: input.reasonCategory ?? null,
        only_clean: input.onlyClean ? 1 : 0,
        user_email: input.user.email,
        user_name: input.user.name,
        role: input.user.role,
        status: "queued",
        started_at: null,
        finished_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("bulk_job_items")
      .values(
        input.taskIds.map((taskId, position) => ({
          job_id: job.id,
          position,
          task_id: taskId,
          version: input.versions?.[position] ?? null,
          status: "pending" as const,
          result: null,
          status_after: null,
          message: null,
          error_code: null,
          audit_id: null,
          finished_at: null,
        })),
      )
      .execute();
    return job.id;
  });
}

function toItem(r: BulkJobItemRow): BulkJobItem {
  return {
    task_id: r.task_id,
    version: r.version,
    position: r.position,
    status: r.status,
    attempts: r.attempts,
    result: r.result,
    status_after: r.status_after,
    message: r.message,
    error_code: r.error_code,
    audit_id: r.audit_id,
    finished_at: r.finished_at,
  };
}

async function withCounts(db: Kysely<Database>, rows: BulkJobRow[]): Promise<BulkJob[]> {
  if (rows.length === 0) return [];
  // Sums come back as numbers from SQLite and as text from Postgres (sum of bigint is numeric): coerced below.
  const counts = await db
    .selectFrom("bulk_job_items")
    .select((eb) => [
      "job_id",
      eb.fn.countAll<number>().as("total"),
      eb.fn.sum<number>(eb.case().when("status", "=", "ok").then(1).else(0).end()).as("ok"),
      eb.fn.sum<number>(eb.case().when("status", "=", "failed").then(1).else(0).end()).as("failed"),
      eb.fn.sum<number>(eb.case().when("status", "=", "unknown").then(1).else(0).end()).as("unknown"),
    ])
    .where("job_id", "in", rows.map((r) => r.id))
    .groupBy("job_id")
    .execute();
  const byJob = new Map(counts.map((c) => [c.job_id, c]));
  // A stopped job's undecided items carry `author_<why>` (./stop.ts): the job says why from them.
  const stops = await db
    .selectFrom("bulk_job_items")
    .select(["job_id", "error_code"])
    .where("job_id", "in", rows.map((r) => r.id))
    .where("error_code", "in", Object.values(AUTHOR_LOST))
    .execute();
  const stoppedBy = new Map<number, BulkStopReason>();
  for (const s of stops) {
    const why = stopLossOf(s.error_code);
    if (why && !stoppedBy.has(s.job_id)) stoppedBy.set(s.job_id, why);
  }
  return rows.map((row) => {
    const c = byJob.get(row.id);
    return {
      id: row.id,
      campaign_id: row.campaign_id,
      action: row.action,
      reason: row.reason,
      reason_category: row.reason_category,
      user_email: row.user_email,
      user_name: row.user_name,
      status: row.status,
      created_at: row.created_at,
      started_at: row.started_at,
      finished_at: row.finished_at,
      total: Number(c?.total ?? 0),
      ok: Number(c?.ok ?? 0),
      failed: Number(c?.failed ?? 0),
      unknown: Number(c?.unknown ?? 0),
      stopped: stoppedBy.get(row.id) ?? null,
    };
  });
}

export async function getJob(db: Kysely<Database>, id: number): Promise<BulkJobDetail | null> {
  const job = await jobSummary(db, id);
  if (!job) return null;
  const items = await db.selectFrom("bulk_job_items").selectAll().where("job_id", "=", id).orderBy("position").execute();
  return { job, items: items.map(toItem) };
}

export async function listJobs(db: Kysely<Database>, campaignId: number, limit = 10): Promise<BulkJob[]> {
  const rows = await db
    .selectFrom("bulk_jobs")
    .selectAll()
    .where("campaign_id", "=", campaignId)
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return withCounts(db, rows);
}

/** A job with its counts, without items: what a progress event carries (./progress.ts). */
export async function jobSummary(db: Kysely<Database>, id: number): Promise<BulkJob | null> {
  const row = await db.selectFrom("bulk_jobs").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const [job] = await withCounts(db, [row]);
  return job ?? null;
}

import "server-only";
import type { Kysely } from "kysely";
import { isRole, type SessionUser } from "@/lib/auth/roles";
import type { BulkAction, BulkJob, BulkJobDetail, BulkJobItem } from "@/lib/queries/bulk";
import type { Database } from "@/lib/server/db";
import type { BulkJobItemRow, BulkJobRow } from "./tables";

/** Database access of bulk jobs; the runner and the routes share it. */
export type NewBulkJob = { user: SessionUser; campaignId: number; action: BulkAction; reason: string | null; taskIds: number[] };

const now = () => new Date().toISOString();

export async function insertJob(db: Kysely<Database>, input: NewBulkJob): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const job = await trx
      .insertInto("bulk_jobs")
      .values({
        campaign_id: input.campaignId,
        action: input.action,
        reason: input.reason,
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
  const counts = await db
    .selectFrom("bulk_job_items")
    .select((eb) => [
      "job_id",
      eb.fn.countAll<number>().as("total"),
      eb.fn.sum<number>(eb.case().when("status", "=", "ok").then(1).else(0).end()).as("ok"),
      eb.fn.sum<number>(eb.case().when("status", "=", "failed").then(1).else(0).end()).as("failed"),
    ])
    .where("job_id", "in", rows.map((r) => r.id))
    .groupBy("job_id")
    .execute();
  const byJob = new Map(counts.map((c) => [c.job_id, c]));
  return rows.map((row) => {
    const c = byJob.get(row.id);
    return {
      id: row.id,
      campaign_id: row.campaign_id,
      action: row.action,
      reason: row.reason,
      user_email: row.user_email,
      user_name: row.user_name,
      status: row.status,
      created_at: row.created_at,
      started_at: row.started_at,
      finished_at: row.finished_at,
      total: Number(c?.total ?? 0),
      ok: Number(c?.ok ?? 0),
      failed: Number(c?.failed ?? 0),
    };
  });
}

export async function getJob(db: Kysely<Database>, id: number): Promise<BulkJobDetail | null> {
  const row = await db.selectFrom("bulk_jobs").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const [job] = await withCounts(db, [row]);
  const items = await db.selectFrom("bulk_job_items").selectAll().where("job_id", "=", id).orderBy("position").execute();
  return job ? { job, items: items.map(toItem) } : null;
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

export type WorkItem = { job: BulkJobRow; user: SessionUser; item: BulkJobItemRow };

/**
 * The next item to decide: oldest unfinished job first, items in the order
 * they were selected. An item left `running` (the process died during its
 * call, or its outcome stayed unknown) is taken again; the runner re-checks
 * the post first, so a decision that landed is recorded as the job's own.
 */
export async function nextWork(db: Kysely<Database>): Promise<WorkItem | null> {
  const jobs = await db.selectFrom("bulk_jobs").selectAll().where("status", "in", ["queued", "running"]).orderBy("id").execute();
  for (const job of jobs) {
    const item = await db
      .selectFrom("bulk_job_items")
      .selectAll()
      .where("job_id", "=", job.id)
      .where("status", "in", ["pending", "running"])
      .orderBy("position")
      .executeTakeFirst();
    if (!item) {
      await finishJob(db, job.id);
      continue;
    }
    if (!isRole(job.role)) {
      // A role renamed since the job was queued: refuse rather than act with unknown rights.
      await db
        .updateTable("bulk_job_items")
        .set({ status: "failed", error_code: "forbidden", message: "Роль автора задания больше не существует", finished_at: now() })
        .where("job_id", "=", job.id)
        .where("status", "in", ["pending", "running"])
        .execute();
      await finishJob(db, job.id);
      continue;
    }
    return { job, item, user: { email: job.user_email, name: job.user_name, role: job.role } };
  }
  return null;
}

export async function markRunning(db: Kysely<Database>, jobId: number, itemId: number): Promise<void> {
  await db.updateTable("bulk_jobs").set({ status: "running", started_at: now() }).where("id", "=", jobId).where("started_at", "is", null).execute();
  await db.updateTable("bulk_jobs").set({ status: "running" }).where("id", "=", jobId).execute();
  await db
    .updateTable("bulk_job_items")
    .set((eb) => ({ status: "running", attempts: eb("attempts", "+", 1) }))
    .where("id", "=", itemId)
    .execute();
}

export type ItemOutcome = {
  ok: boolean;
  result: string | null;
  statusAfter: string | null;
  message: string | null;
  errorCode: string | null;
  auditId: number | null;
};

export async function finishItem(db: Kysely<Database>, itemId: number, o: ItemOutcome): Promise<void> {
  await db
    .updateTable("bulk_job_items")
    .set({
      status: o.ok ? "ok" : "failed",
      result: o.result,
      status_after: o.statusAfter,
      message: o.message,
      error_code: o.errorCode,
      audit_id: o.auditId,
      finished_at: now(),
    })
    .where("id", "=", itemId)
    .execute();
}

/**
 * Puts an item back in line after a transient failure (budget, upstream down):
 * `running` when its call may have reached the upstream, so the runner checks
 * the post before sending again.
 */
export async function requeueItem(
  db: Kysely<Database>,
  itemId: number,
  o: Pick<ItemOutcome, "message" | "errorCode" | "auditId">,
  status: "pending" | "running" = "pending",
): Promise<void> {
  await db
    .updateTable("bulk_job_items")
    .set({ status, message: o.message, error_code: o.errorCode, audit_id: o.auditId })
    .where("id", "=", itemId)
    .execute();
}

export async function finishJob(db: Kysely<Database>, jobId: number): Promise<void> {
  await db.updateTable("bulk_jobs").set({ status: "done", finished_at: now() }).where("id", "=", jobId).where("status", "!=", "done").execute();
}

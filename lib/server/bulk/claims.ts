import "server-only";
import { type Kysely, type QueryCreator, type Updateable } from "kysely";
import { inWriteTransaction, type Database } from "@/lib/server/db";
import { BULK_PACING_LANE } from "@/lib/server/db/migrations/0005_bulk_claims";
import { OUTCOME_UNKNOWN } from "@/lib/server/outcomes/code";
import type { BulkJobItemRow, BulkJobRow } from "./tables";

/*
 * Bulk items as a queue shared by every instance on one database. A runner
 * claims one item at a time (claimed_by, lease_until) and renews the lease
 * while the upstream call runs; an item whose lease lapsed belonged to a
 * runner that died mid-call, so whoever takes it next re-checks the post
 * before sending (mayHaveLanded). Writes are paced for all instances at once
 * by one row of bulk_pacing, moved forward by the same transaction that
 * claims. Times are the runners' clocks (ISO text, like every time in this
 * database): instances are assumed to keep time with NTP, and a skew of s ms
 * only shifts the spacing of two writes by s.
 */

const iso = (ms: number) => new Date(ms).toISOString();
const OPEN: ("pending" | "running")[] = ["pending", "running"];
/** Spelled as the open statuses (not `!= 'done'`), so the status index serves the look-ups. */
const OPEN_JOB: ("queued" | "running")[] = ["queued", "running"];

export type WorkItem = {
  job: BulkJobRow;
  item: BulkJobItemRow;
  /** It was `running` when claimed: an earlier call (of a dead runner, or an unknown outcome) may have reached the upstream. */
  mayHaveLanded: boolean;
};

export type Claim =
  | { kind: "item"; work: WorkItem }
  /** There is work, but the next bulk write may only start then (another instance wrote a moment ago). */
  | { kind: "wait"; untilMs: number }
  /** Nothing to take now. `recheckAtMs`: when the earliest lease held by another runner lapses; null when no item is open at all. */
  | { kind: "idle"; recheckAtMs: number | null };

export type ClaimOptions = { owner: string; nowMs: number; leaseMs: number; intervalMs: number };

/** Items of unfinished jobs nobody holds: never tried, or `running` with a lease that lapsed (or was given back). */
function claimable(qc: QueryCreator<Database>, nowIso: string) {
  return qc
    .selectFrom("bulk_job_items as i")
    .innerJoin("bulk_jobs as j", "j.id", "i.job_id")
    .where("j.status", "in", OPEN_JOB)
    .where((eb) =>
      eb.or([
        eb("i.status", "=", "pending"),
        eb.and([eb("i.status", "=", "running"), eb.or([eb("i.lease_until", "is", null), eb("i.lease_until", "<", nowIso)])]),
      ]),
    )
    .orderBy("i.job_id")
    .orderBy("i.position")
    .limit(1);
}

type Claimed = BulkJobItemRow & { was: string };

/** Postgres: the classic queue step, UPDATE … FROM (SELECT … FOR UPDATE SKIP LOCKED LIMIT 1) RETURNING, with the old status alongside. */
async function takePostgres(trx: Kysely<Database>, o: ClaimOptions): Promise<Claimed | undefined> {
  return trx
    .with("picked", (qc) => claimable(qc, iso(o.nowMs)).select(["i.id", "i.status as was"]).forUpdate("i").skipLocked())
    .updateTable("bulk_job_items")
    .from("picked")
    .set((eb) => ({ status: "running", claimed_by: o.owner, lease_until: iso(o.nowMs + o.leaseMs), attempts: eb("bulk_job_items.attempts", "+", 1) }))
    .whereRef("bulk_job_items.id", "=", "picked.id")
    .returningAll("bulk_job_items")
    .returning("picked.was")
    .executeTakeFirst();
}

/** SQLite: the write lock is already ours (BEGIN IMMEDIATE), so a read and one UPDATE … RETURNING are atomic. */
async function takeSqlite(trx: Kysely<Database>, o: ClaimOptions): Promise<Claimed | undefined> {
  const picked = await claimable(trx, iso(o.nowMs)).select(["i.id", "i.status"]).executeTakeFirst();
  if (!picked) return undefined;
  const row = await trx
    .updateTable("bulk_job_items")
    .set((eb) => ({ status: "running", claimed_by: o.owner, lease_until: iso(o.nowMs + o.leaseMs), attempts: eb("attempts", "+", 1) }))
    .where("id", "=", picked.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ...row, was: picked.status };
}

async function idle(trx: Kysely<Database>): Promise<Claim> {
  const held = await trx
    .selectFrom("bulk_job_items as i")
    .innerJoin("bulk_jobs as j", "j.id", "i.job_id")
    .select((eb) => eb.fn.min("i.lease_until").as("first"))
    .where("j.status", "in", OPEN_JOB)
    .where("i.status", "=", "running")
    .executeTakeFirst();
  return { kind: "idle", recheckAtMs: held?.first ? Date.parse(held.first) : null };
}

/** Writes the pacing row whether or not it exists yet (an insert, or an update of the one lane). */
function setPacing(db: Kysely<Database>, nextAtMs: number, onlyLater: boolean) {
  const next_at = iso(nextAtMs);
  return db
    .insertInto("bulk_pacing")
    .values({ lane: BULK_PACING_LANE, next_at })
    .onConflict((oc) =>
      oc.column("lane").doUpdateSet((eb) => ({
        next_at: onlyLater
          ? eb.case().when("bulk_pacing.next_at", "<", eb.ref("excluded.next_at")).then(eb.ref("excluded.next_at")).else(eb.ref("bulk_pacing.next_at")).end()
          : eb.ref("excluded.next_at"),
      })),
    )
    .execute();
}

/**
 * Takes the next item for `owner`, oldest job first, items in their order,
 * if the global pacing allows a bulk write now; the same transaction moves
 * the pacing forward by one interval and marks the job started.
 */
export async function claimNext(db: Kysely<Database>, o: ClaimOptions): Promise<Claim> {
  const nowIso = iso(o.nowMs);
  return inWriteTransaction(db, async (trx, postgres) => {
    let pacing = trx.selectFrom("bulk_pacing").select("next_at").where("lane", "=", BULK_PACING_LANE);
    // Every claim queues here, so two instances never take the same write slot.
    if (postgres) pacing = pacing.forUpdate();
    const row = await pacing.executeTakeFirst();
    const nextAtMs = row ? Date.parse(row.next_at) : 0;
    if (nextAtMs > o.nowMs) {
      const any = await claimable(trx, nowIso).select("i.id").executeTakeFirst();
      return any ? { kind: "wait", untilMs: nextAtMs } : idle(trx);
    }
    const item = postgres ? await takePostgres(trx, o) : await takeSqlite(trx, o);
    if (!item) return idle(trx);
    await setPacing(trx, o.nowMs + o.intervalMs, false);
    await trx
      .updateTable("bulk_jobs")
      .set((eb) => ({ status: "running", started_at: eb.fn.coalesce("started_at", eb.val(nowIso)) }))
      .where("id", "=", item.job_id)
      .execute();
    const job = await trx.selectFrom("bulk_jobs").selectAll().where("id", "=", item.job_id).executeTakeFirstOrThrow();
    const { was, ...rest } = item;
    return { kind: "item", work: { job, item: rest, mayHaveLanded: was === "running" } };
  });
}

/** Changes an item the owner still holds (running, claimed by it); false when the claim lapsed and someone took it. */
async function updateHeld(db: Kysely<Database>, itemId: number, owner: string, set: Updateable<Database["bulk_job_items"]>): Promise<boolean> {
  const r = await db
    .updateTable("bulk_job_items")
    .set(set)
    .where("id", "=", itemId)
    .where("claimed_by", "=", owner)
    .where("status", "=", "running")
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Keeps a claim alive while its call runs; false when it is no longer ours (it lapsed and someone took it). */
export async function renewLease(db: Kysely<Database>, itemId: number, owner: string, untilMs: number): Promise<boolean> {
  return updateHeld(db, itemId, owner, { lease_until: iso(untilMs) });
}

/** No bulk write (from any instance) before `untilMs`: an upstream's Retry-After, or a back-off after a failure. */
export function deferPacing(db: Kysely<Database>, untilMs: number) {
  return setPacing(db, untilMs, true);
}

export type ItemOutcome = {
  ok: boolean;
  result: string | null;
  statusAfter: string | null;
  message: string | null;
  errorCode: string | null;
  auditId: number | null;
};

/**
 * How a finished item stands: a write whose outcome nobody knows is `unknown`, not failed (it may
 * have landed); the settler (lib/server/outcomes) makes it ok or failed once a read tells.
 */
export function finishedStatus(o: Pick<ItemOutcome, "ok" | "errorCode">): "ok" | "failed" | "unknown" {
  return o.ok ? "ok" : o.errorCode === OUTCOME_UNKNOWN ? "unknown" : "failed";
}

/** Records an item's result, if the claim is still the owner's (false: it lapsed and another runner has the item now). */
export async function finishItem(db: Kysely<Database>, itemId: number, owner: string, o: ItemOutcome): Promise<boolean> {
  return updateHeld(db, itemId, owner, {
    status: finishedStatus(o),
    result: o.result,
    status_after: o.statusAfter,
    message: o.message,
    error_code: o.errorCode,
    audit_id: o.auditId,
    finished_at: iso(Date.now()),
    lease_until: null,
  });
}

/**
 * Gives an item back after a transient failure (budget, upstream down):
 * `running` with no lease when its call may have reached the upstream, so
 * whoever takes it next checks the post before sending again.
 */
export async function requeueItem(
  db: Kysely<Database>,
  itemId: number,
  owner: string,
  o: Pick<ItemOutcome, "message" | "errorCode" | "auditId">,
  status: "pending" | "running",
): Promise<boolean> {
  return updateHeld(db, itemId, owner, { status, message: o.message, error_code: o.errorCode, audit_id: o.auditId, claimed_by: null, lease_until: null });
}

/** Fails every open item of a job at once (its author's role no longer exists). */
export async function failOpenItems(db: Kysely<Database>, jobId: number, errorCode: string, message: string): Promise<void> {
  await db
    .updateTable("bulk_job_items")
    .set({ status: "failed", error_code: errorCode, message, finished_at: iso(Date.now()), lease_until: null })
    .where("job_id", "=", jobId)
    .where("status", "in", OPEN)
    .execute();
}

/** Marks a job done once no item is open; true if this call did it (so exactly one runner reports it). */
export async function finishJobIfComplete(db: Kysely<Database>, jobId: number): Promise<boolean> {
  const r = await db
    .updateTable("bulk_jobs")
    .set({ status: "done", finished_at: iso(Date.now()) })
    .where("id", "=", jobId)
    .where("status", "!=", "done")
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom("bulk_job_items").select("id").where("job_id", "=", jobId).where("status", "in", OPEN))))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Jobs whose last item was finished by a runner that died before closing the job; returns the ids it closed. */
export async function closeCompletedJobs(db: Kysely<Database>): Promise<number[]> {
  const rows = await db
    .updateTable("bulk_jobs")
    .set({ status: "done", finished_at: iso(Date.now()) })
    .where("status", "in", OPEN_JOB)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("bulk_job_items").select("bulk_job_items.id").whereRef("bulk_job_items.job_id", "=", "bulk_jobs.id").where("bulk_job_items.status", "in", OPEN))),
    )
    .returning("id")
    .execute();
  return rows.map((r) => r.id);
}

/** Is any job unfinished, on any instance? A cheap look for idle runners. */
export async function hasOpenJobs(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom("bulk_jobs").select("id").where("status", "in", OPEN_JOB).limit(1).executeTakeFirst()) !== undefined;
}

import "server-only";
import { sql } from "kysely";
import { recordAuditEvent } from "@/lib/server/audit-events";
import { db, ensureMigrated } from "@/lib/server/db";
import { ApiError, say, text } from "@/lib/server/errors";
import { publishDecision } from "@/lib/server/events";
import { log, outsideLogContext } from "@/lib/server/log";
import { notify } from "@/lib/server/notify";
import { landed, type Decision } from "@/lib/server/service/writes";
import { service } from "@/lib/server/upstream-service";
import "@/lib/server/collab/tables";

/*
 * Decisions whose outcome nobody knows (issue 32.3): the write's answer was
 * lost or unreadable and so were the re-reads after it. The audit row says
 * `outcome_unknown` until a later fresh read of the post (the confirm lane,
 * the reads decisions rest on) shows where it stands; then the same row
 * becomes done or not applied, with `settled_at` beside the time it was
 * taken, the bulk item that made it follows, and the person who decided is
 * told. One row is settled once: the update is conditional, so two instances
 * settling together cannot both report it.
 */

export const OUTCOME_UNKNOWN = "outcome_unknown";
/** A settled decision the upstream did not apply. */
export const NOT_APPLIED = "not_applied";



/** 502: the upstream's answer could not be trusted; the code says it is not a failure but an unknown. */
export function outcomeUnknownError(action: Decision): ApiError {
  return new ApiError(OUTCOME_UNKNOWN, text("decisions.unknownOutcome", { action }), { status: 502 });
}

/** By name: the class may come from another route bundle's copy of writes.ts. */
export function isOutcomeUnknown(e: unknown): boolean {
  return e instanceof Error && e.name === "OutcomeUnknownError";
}

/** A row older than this is settled as not confirmed rather than re-checked for ever. */
const GIVE_UP_MS = 24 * 3_600_000;

type Timing = { firstMs: number; everyMs: number };
const g = globalThis as typeof globalThis & { __settling?: { timer: ReturnType<typeof setTimeout> | null; running: Promise<number> | null; timing: Timing } };
const state = () => (g.__settling ??= { timer: null, running: null, timing: { firstMs: 5_000, everyMs: 15_000 } });

/** Tests shorten the waits. The first re-check waits past any write still in flight (the upstream timeout). */
export function setSettleTimingForTests(timing: Timing | undefined): void {
  state().timing = timing ?? { firstMs: 5_000, everyMs: 15_000 };
}

/** Re-checks in the background after `firstMs`, then every `everyMs` while any decision is unknown. Never throws. */
export function scheduleSettling(delayMs = state().timing.firstMs): void {
  const s = state();
  if (s.timer) return;
  s.timer = setTimeout(() => {
    s.timer = null;
    void outsideLogContext(() => settlePending())
      .then((left) => {
        if (left > 0) scheduleSettling(s.timing.everyMs);
      })
      .catch((e: unknown) => {
        log.error("settling unknown decisions failed", { error: e instanceof Error ? e : String(e) });
        scheduleSettling(s.timing.everyMs);
      });
  }, delayMs);
  s.timer.unref?.();
}

/** At start-up: rows left unknown by an earlier process are settled too. */
export async function resumeSettling(): Promise<void> {
  await ensureMigrated();
  const left = await db().selectFrom("audit_log").select("id").where("result", "=", OUTCOME_UNKNOWN).where("settled_at", "is", null).limit(1).execute();
  if (left.length > 0) scheduleSettling();
}

export type Settled = { auditId: number; taskId: number; outcome: "done" | typeof NOT_APPLIED; status: string | null };

/**
 * One pass over the unknown decisions, oldest first: each post is read fresh
 * and its row settled when the status tells. Returns how many stay unknown.
 * One pass at a time per process.
 */
export function settlePending(now: () => Date = () => new Date()): Promise<number> {
  const s = state();
  s.running ??= pass(now).finally(() => {
    s.running = null;
  });
  return s.running;
}

async function pass(now: () => Date): Promise<number> {
  await ensureMigrated();
  const rows = await db()
    .selectFrom("audit_log")
    .select(["id", "at", "task_id", "campaign_id", "action", "user_email", "user_name", "role", "source"])
    .where("result", "=", OUTCOME_UNKNOWN)
    .where("settled_at", "is", null)
    .orderBy("id", "asc")
    .limit(50)
    .execute();
  let left = 0;
  for (const row of rows) {
    let status: string;
    try {
      status = String((await service.postFresh(row.task_id, "confirm")).status);
    } catch (e) {
      // Still unreadable (or the budget said no): the next pass tries again.
      log.warn("unknown decision: the post could not be read yet", { auditId: row.id, taskId: row.task_id, error: e instanceof Error ? e.message : String(e) });
      left++;
      continue;
    }
    const where = landed(row.action, status);
    const old = now().getTime() - Date.parse(row.at) > GIVE_UP_MS;
    if (where === "unknown" && !old) {
      left++;
      continue;
    }
    await settle(row, where === "done" ? "done" : NOT_APPLIED, status, now());
  }
  return left;
}

type Row = { id: number; at: string; task_id: number; campaign_id: number | null; action: Decision; user_email: string; user_name: string; role: string; source: string };

async function settle(row: Row, outcome: "done" | typeof NOT_APPLIED, status: string, at: Date): Promise<void> {
  const settled_at = at.toISOString();
  const done = outcome === "done";
  const result = done ? (row.action === "approve" ? "approved_now" : "rejected_now") : null;
  const updated = await db()
    .updateTable("audit_log")
    .set({ result, status_after: status, error_code: done ? null : NOT_APPLIED, http_status: done ? 200 : 409, settled_at })
    .where("id", "=", row.id)
    .where("result", "=", OUTCOME_UNKNOWN)
    .where("settled_at", "is", null)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return; // another instance settled it first
  // Stored with the job's item: in the default language (this runs in the background, not for a request).
  const message = say(done ? text("decisions.settledDone", { action: row.action }) : text("decisions.settledNotApplied", { status }));
  // The bulk item that made this decision follows its audit row.
  await db()
    .updateTable("bulk_job_items")
    .set({ status: done ? "ok" : "failed", result, status_after: status, message, error_code: done ? null : NOT_APPLIED })
    .where("audit_id", "=", row.id)
    .execute()
    .catch((e: unknown) => log.warn("unknown decision settled, its bulk item not updated", { auditId: row.id, error: e instanceof Error ? e : String(e) }));
  await recordAuditEvent({
    at: settled_at,
    actor: { email: row.user_email, name: row.user_name, role: row.role },
    kind: "decision.settled",
    task_id: row.task_id,
    campaign_id: row.campaign_id,
    subject_id: row.id,
    detail: { audit_id: row.id, action: row.action, outcome, status, decided_at: row.at, settled_at },
  }).catch((e: unknown) => log.warn("decision.settled event not recorded", { auditId: row.id, error: e instanceof Error ? e : String(e) }));
  if (row.campaign_id !== null) publishDecision(row.task_id, row.campaign_id, status);
  if (row.role !== "external") {
    notify({ kind: "decision_settled", to: row.user_email, task_id: row.task_id, campaign_id: row.campaign_id, action: row.action, outcome, decided_at: row.at, settled_at });
  }
  log.info("unknown decision settled", { auditId: row.id, taskId: row.task_id, outcome, status });
}

/** For the health page and tests: how many decisions are unknown right now. */
export async function unknownCount(): Promise<number> {
  await ensureMigrated();
  const r = await db().selectFrom("audit_log").select(sql<number>`count(*)`.as("n")).where("result", "=", OUTCOME_UNKNOWN).where("settled_at", "is", null).executeTakeFirst();
  return Number(r?.n ?? 0);
}

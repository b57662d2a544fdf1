import "server-only";
import { latestEffectiveDecision } from "@/lib/server/audit";
import { recordAuditEvent } from "@/lib/server/audit-events";
import { publishJobProgress } from "@/lib/server/bulk/progress";
import { db, ensureMigrated } from "@/lib/server/db";
import { ApiError, say, text } from "@/lib/server/errors";
import { publishDecision } from "@/lib/server/events";
import { sendJob, type QueuedJob } from "@/lib/server/jobs";
import { log } from "@/lib/server/log";
import { notify } from "@/lib/server/notify";
import { landed, type Decision } from "@/lib/server/service/writes";
import { service } from "@/lib/server/upstream-service";
import type { PostDetail } from "@/lib/schemas";
import { OUTCOME_UNKNOWN } from "./code";
import { activeVersion, approvedVersionOf, flagWrongVersion } from "./wrong-version";
import "@/lib/server/collab/tables";

/*
 * Decisions whose outcome nobody knows: the write's answer was
 * lost or unreadable and so were the re-reads after it. The audit row says
 * `outcome_unknown` until a later fresh read of the post (the confirm lane,
 * the reads decisions rest on) shows where it stands; then the same row
 * becomes done or not applied, with `settled_at` beside the time it was
 * taken, the bulk item that made it follows, and the person who decided is
 * told. One row is settled once: the update is conditional, so two instances
 * settling together cannot both report it.
 */

export { OUTCOME_UNKNOWN };
/** A settled decision the upstream did not apply. */
const NOT_APPLIED = "not_applied";



/** 502: the upstream's answer could not be trusted; the code says it is not a failure but an unknown. */
export function outcomeUnknownError(action: Decision): ApiError {
  return new ApiError(OUTCOME_UNKNOWN, text("decisions.unknownOutcome", { action }), { status: 502 });
}

/** By name: the class may come from another route bundle's copy of writes.ts. */
export function isOutcomeUnknown(e: unknown): boolean {
  return e instanceof Error && e.name === "OutcomeUnknownError";
}

/** A row whose post stays unreadable (or in a status that tells nothing) is settled as not applied after this. */
const GIVE_UP_MS = 24 * 3_600_000;

/*
 * The schedule: re-read 5 s, 15 s and 45 s after the decision was taken, and
 * settle as soon as a read shows the post in the decision's target status.
 * An approve still waiting at a re-read is sent again once (idempotent
 * upstream: the repeat's answer is the outcome); a reject never is. A post
 * still open at the last re-read settles the decision as not applied: the
 * rule is that a write cannot land more than 45 s after it was sent, five
 * times our own timeout (UPSTREAM_TIMEOUT_MS, 8 s) and five times the 9 s the
 * slowest upstream was seen holding a write. A post that cannot be read is
 * re-read every `everyMs` after the last step and never settled on a guess.
 */
export type SettleTiming = { checksMs: readonly number[]; everyMs: number };
type Timing = SettleTiming;
const DEFAULT_TIMING: Timing = { checksMs: [5_000, 15_000, 45_000], everyMs: 15_000 };

/** When the re-read number `checks` (0-based) of a decision taken at `at` is due. */
function dueAt(at: string, checks: number, t: Timing): number {
  const steps = t.checksMs;
  const last = steps[steps.length - 1] ?? 0;
  return Date.parse(at) + (checks < steps.length ? (steps[checks] ?? last) : last + (checks - steps.length + 1) * t.everyMs);
}

const SETTLER_JOB = "outcome-settler";

/** Passes due at the same second are one: every instance, and every pass, asks for the same key. */
const sendPass = (atMs: number) => sendJob(SETTLER_JOB, {}, { startAfterMs: Math.max(0, atMs - Date.now()), singletonKey: `at:${Math.ceil(atMs / 1000)}` });

/**
 * The settler, a queued job of the runner (lib/server/jobs): a pass over the
 * unknown decisions whose re-read is due, then the next pass queued for the
 * earliest re-read still ahead. Tests pass a shorter schedule (the same steps, scaled down).
 */
export function settlerJob(timing: Timing = DEFAULT_TIMING, now: () => Date = () => new Date()): QueuedJob<Record<string, never>> {
  return {
    name: SETTLER_JOB,
    handle: async () => {
      let next: number | undefined;
      try {
        next = await pass(now, timing);
      } catch (e) {
        log.error("settling unknown decisions failed", { error: e instanceof Error ? e : String(e) });
        next = Date.now() + timing.everyMs;
      }
      if (next !== undefined) await sendPass(Math.max(Date.now() + 50, next));
    },
  };
}

/** A decision's outcome is unknown: a pass soon, which queues the re-reads on their schedule. Never throws. */
export function scheduleSettling(): void {
  sendPass(Date.now()).catch((e: unknown) => log.error("settling not queued", { error: e instanceof Error ? e : String(e) }));
}

/** At start-up: rows left unknown by an earlier process are settled too, on their own schedule (outcome_checks). */
export async function resumeSettling(): Promise<void> {
  await ensureMigrated();
  const left = await db().selectFrom("audit_log").select("id").where("result", "=", OUTCOME_UNKNOWN).where("settled_at", "is", null).limit(1).execute();
  if (left.length > 0) await sendPass(Date.now());
}

/**
 * One pass over the unknown decisions whose re-read is due, oldest first.
 * Returns when the earliest re-read still ahead is due (undefined: none is
 * unknown). The runner runs one pass at a time per queue; between instances
 * the conditional updates keep a row settled (and an approve re-sent) once.
 */
async function pass(now: () => Date, t: Timing): Promise<number | undefined> {
  await ensureMigrated();
  const rows = await db()
    .selectFrom("audit_log")
    .select(["id", "at", "task_id", "campaign_id", "action", "user_email", "user_name", "role", "source", "version_number", "version_seen", "outcome_checks", "outcome_resent_at"])
    .where("result", "=", OUTCOME_UNKNOWN)
    .where("settled_at", "is", null)
    .orderBy("id", "asc")
    .limit(200)
    .execute();
  let nextDue: number | undefined;
  const wait = (row: Row, checks: number) => {
    const d = dueAt(row.at, checks, t);
    nextDue = nextDue === undefined ? d : Math.min(nextDue, d);
  };
  for (const row of rows) {
    if (now().getTime() < dueAt(row.at, row.outcome_checks, t)) {
      wait(row, row.outcome_checks);
      continue;
    }
    const checks = row.outcome_checks + 1;
    await db().updateTable("audit_log").set({ outcome_checks: checks }).where("id", "=", row.id).execute();
    let post: PostDetail;
    try {
      post = await service.postFresh(row.task_id, "confirm");
    } catch (e) {
      // Still unreadable (or the budget said no): re-read on the schedule, never settled on a guess.
      log.warn("unknown decision: the post could not be read yet", { auditId: row.id, taskId: row.task_id, error: e instanceof Error ? e.message : String(e) });
      if (now().getTime() - Date.parse(row.at) > GIVE_UP_MS) await settle(row, NOT_APPLIED, null, now());
      else wait(row, checks);
      continue;
    }
    const status = String(post.status);
    let where = landed(row.action, status);
    if (where !== "done" && row.action === "approve" && status === "WAITING_APPROVAL" && row.outcome_resent_at === null) {
      where = await resendApprove(row, post, now());
    }
    if (where === "done") {
      await settle(row, "done", status, now(), post);
      continue;
    }
    const lastStep = checks >= t.checksMs.length;
    const old = now().getTime() - Date.parse(row.at) > GIVE_UP_MS;
    // "Not applied" only once the write can no longer land (the last step), and only on a status that says it is still open.
    if ((where === "not_applied" && lastStep) || old) {
      await settle(row, NOT_APPLIED, status, now());
      continue;
    }
    wait(row, checks);
  }
  // A full page of rows: the ones after it are looked at on the next pass.
  if (rows.length === 200) nextDue = Math.min(nextDue ?? Infinity, now().getTime() + t.everyMs);
  return nextDue;
}

/**
 * An approve whose answer was lost, on a post still waiting: sent again, once,
 * to learn its outcome (the upstream answers `already_approved` to a repeat).
 * Only while the version active is the one decided on, so a repeat never
 * approves a text nobody saw; claimed by a conditional update, so two
 * instances never both send it. A reject is never sent again.
 */
async function resendApprove(row: Row, post: PostDetail, at: Date): Promise<"done" | "not_applied" | "unknown"> {
  if (activeVersion(post) !== row.version_number) return "not_applied";
  const claimed = await db()
    .updateTable("audit_log")
    .set({ outcome_resent_at: at.toISOString() })
    .where("id", "=", row.id)
    .where("outcome_resent_at", "is", null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return "unknown";
  try {
    const r = await service.approve(row.task_id, row.campaign_id ?? undefined);
    log.info("lost approve sent again", { auditId: row.id, taskId: row.task_id, result: r.result });
    return landed("approve", String(r.status));
  } catch (e) {
    // Lost again, or refused: the next re-read tells.
    log.warn("lost approve sent again: no outcome yet", { auditId: row.id, taskId: row.task_id, error: e instanceof Error ? e.message : String(e) });
    return "unknown";
  }
}

type Row = {
  id: number;
  at: string;
  task_id: number;
  campaign_id: number | null;
  action: Decision;
  user_email: string;
  user_name: string;
  role: string;
  source: string;
  version_number: number | null;
  version_seen: number | null;
  outcome_checks: number;
  outcome_resent_at: string | null;
};

/** What a decision that turned out applied is recorded as: the post may have been there already, by someone else's decision. */
export const ALREADY: Record<Decision, string> = { approve: "already_approved", reject: "already_canceled" };
const NOW: Record<Decision, string> = { approve: "approved_now", reject: "rejected_now" };

async function settle(row: Row, outcome: "done" | typeof NOT_APPLIED, status: string | null, at: Date, post?: PostDetail): Promise<void> {
  const settled_at = at.toISOString();
  const done = outcome === "done";
  // Applied, but by whom: a post someone else had already put there is their decision, not this one.
  const earlier = done ? await latestEffectiveDecision(row.task_id, row.id).catch(() => null) : null;
  const previous = earlier && earlier.action === row.action ? earlier : null;
  const result = done ? (previous ? ALREADY[row.action] : NOW[row.action]) : null;
  const approvedVersion = done && row.action === "approve" && post ? activeVersion(post) : null;
  const updated = await db()
    .updateTable("audit_log")
    .set({
      result,
      status_after: status,
      error_code: done ? null : NOT_APPLIED,
      http_status: done ? 200 : 409,
      settled_at,
      ...(approvedVersion !== null ? { approved_version: approvedVersion } : {}),
    })
    .where("id", "=", row.id)
    .where("result", "=", OUTCOME_UNKNOWN)
    .where("settled_at", "is", null)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return; // another instance settled it first
  // The settling read is also the approve's read-back: a version other than the one decided on is flagged.
  const wrong = done && row.action === "approve" && result === NOW.approve && post ? approvedVersionOf(post, row.version_number).wrong : null;
  if (wrong) {
    await flagWrongVersion({ auditId: row.id, taskId: row.task_id, campaignId: row.campaign_id, approver: { email: row.user_email, name: row.user_name, role: row.role }, wrong, status: status ?? "APPROVED" });
  }
  // Stored with the job's item: in the default language (this runs in the background, not for a request).
  const message = say(done ? text("decisions.settledDone", { action: row.action }) : text("decisions.settledNotApplied", { status: status ?? "?" }));
  // The bulk item that made this decision follows its audit row, and pages showing its job are told.
  const items = await db()
    .updateTable("bulk_job_items")
    .set({ status: done ? "ok" : "failed", result, status_after: status, message, error_code: done ? null : NOT_APPLIED })
    .where("audit_id", "=", row.id)
    .returning("job_id")
    .execute()
    .catch((e: unknown) => {
      log.warn("unknown decision settled, its bulk item not updated", { auditId: row.id, error: e instanceof Error ? e : String(e) });
      return [];
    });
  for (const jobId of new Set(items.map((i) => i.job_id))) await publishJobProgress(db(), jobId);
  await recordAuditEvent({
    at: settled_at,
    actor: { email: row.user_email, name: row.user_name, role: row.role },
    kind: "decision.settled",
    task_id: row.task_id,
    campaign_id: row.campaign_id,
    subject_id: row.id,
    detail: { audit_id: row.id, action: row.action, outcome, result, status, decided_at: row.at, settled_at, ...(previous ? { previous } : {}) },
  }).catch((e: unknown) => log.warn("decision.settled event not recorded", { auditId: row.id, error: e instanceof Error ? e : String(e) }));
  if (row.campaign_id !== null) publishDecision(row.task_id, row.campaign_id, status ?? "UNKNOWN");
  if (row.role !== "external") {
    notify({ kind: "decision_settled", to: row.user_email, task_id: row.task_id, campaign_id: row.campaign_id, action: row.action, outcome, decided_at: row.at, settled_at });
  }
  log.info("unknown decision settled", { auditId: row.id, taskId: row.task_id, outcome, status });
}

import "server-only";
import type { Kysely } from "kysely";
import type { Database } from "@/lib/server/db";
import type { DecideInput, DecideOutcome } from "@/lib/server/decisions";
import { toApiError, type ApiError } from "@/lib/server/errors";
import { systemClock, type Clock } from "@/lib/server/gateway/clock";
import { log, outsideLogContext } from "@/lib/server/log";
import { finishItem, finishJob, markRunning, nextWork, requeueItem, type WorkItem } from "./store";

export type DecideFn = (input: DecideInput) => Promise<DecideOutcome>;
/** Settles an item whose call may already have reached the upstream: an outcome, or null to send it. */
export type RecoverFn = (input: DecideInput) => Promise<DecideOutcome | null>;

/**
 * Spacing between two bulk writes. The key allows 30 writes a minute for the
 * whole team; one bulk write every 3 s is 20 a minute at most, which leaves a
 * third of the write budget to people deciding one post at a time, and only
 * one bulk write is ever in flight in the process, however many jobs queue.
 */
export const BULK_WRITE_INTERVAL_MS = 3_000;
/** Transient failures (budget spent, upstream down) are retried this many times in all before the item counts as failed. */
export const BULK_MAX_ATTEMPTS = 5;
const TRANSIENT = new Set(["budget_exhausted", "upstream_unavailable", "upstream_timeout"]);
const TRANSIENT_CAUSES = new Set(["BudgetExhaustedError", "UpstreamUnavailableError"]);

/**
 * Worth another try later? By code, and also by the name of the original
 * error: when Next loads the error classes once per route bundle, an
 * `instanceof` in the mapping can miss and a spent budget arrives here as a
 * generic internal_error whose cause still says what happened.
 */
function isTransient(error: ApiError): boolean {
  if (TRANSIENT.has(error.code)) return true;
  const cause: unknown = error.cause;
  return cause instanceof Error && TRANSIENT_CAUSES.has(cause.name);
}

/** Our own budget said no: nothing was sent, so a retry needs no re-check. */
function neverSent(error: ApiError): boolean {
  const cause: unknown = error.cause;
  return error.code === "budget_exhausted" || (cause instanceof Error && cause.name === "BudgetExhaustedError");
}

function retryAfterMs(error: ApiError): number {
  if (error.retryAfterSeconds !== undefined) return error.retryAfterSeconds * 1000;
  const cause = error.cause as { retryAfterSeconds?: unknown } | undefined;
  return typeof cause?.retryAfterSeconds === "number" ? cause.retryAfterSeconds * 1000 : 0;
}

export type BulkRunnerOptions = {
  db: () => Kysely<Database>;
  decide: DecideFn;
  /**
   * For an item found `running` (the process died during its call, or the
   * call's outcome stayed unknown): checks the upstream before sending again,
   * so a decision already applied is recorded as the job's own, not as the
   * `already_*` answer a second call would get.
   */
  recover?: RecoverFn;
  intervalMs?: number;
  maxAttempts?: number;
  /** Pacing time; tests pass a FakeClock. */
  clock?: Clock;
};

/**
 * Works through stored bulk jobs one item at a time. State lives only in the
 * database (items go pending → running → ok|failed), so a new runner over the
 * same file — after a restart — carries on where the last one stopped.
 */
export class BulkRunner {
  private loop: Promise<void> | null = null;
  private dirty = false;
  private stopped = false;
  private lastStart = Number.NEGATIVE_INFINITY;
  private wakeSleep: (() => void) | null = null;
  private readonly intervalMs: number;
  private readonly maxAttempts: number;
  private readonly clock: Clock;

  constructor(private readonly opts: BulkRunnerOptions) {
    this.intervalMs = opts.intervalMs ?? BULK_WRITE_INTERVAL_MS;
    this.maxAttempts = opts.maxAttempts ?? BULK_MAX_ATTEMPTS;
    this.clock = opts.clock ?? systemClock;
  }

  /** Starts working if idle; a no-op (apart from a re-check) when already working. Resolves when idle again. */
  wake(): Promise<void> {
    this.dirty = true;
    if (this.stopped) return Promise.resolve();
    // The loop outlives the request that woke it and works on everybody's jobs: its lines carry no request id.
    this.loop ??= outsideLogContext(() => this.run()).finally(() => {
      this.loop = null;
    });
    return this.loop;
  }

  /** Stops after the item in flight (tests use it to play a restart). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wakeSleep?.();
    await this.loop;
  }

  private sleep(ms: number): Promise<void> {
    if (ms <= 0 || this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        cancel();
        this.wakeSleep = null;
        resolve();
      };
      const cancel = this.clock.setTimer(done, ms);
      this.wakeSleep = done;
    });
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      this.dirty = false;
      let work: WorkItem | null;
      try {
        work = await nextWork(this.opts.db());
      } catch (e) {
        log.error("bulk runner: database read failed", { error: e instanceof Error ? e : String(e) });
        await this.sleep(5_000);
        continue;
      }
      if (!work) {
        if (this.dirty) continue;
        return;
      }
      await this.sleep(this.lastStart + this.intervalMs - this.clock.now());
      if (this.stopped) return;
      this.lastStart = this.clock.now();
      await this.process(work);
    }
  }

  /** A re-check first when the last call may have landed; then the call itself if still needed. */
  private async attempt(input: DecideInput, mayHaveLanded: boolean): Promise<DecideOutcome> {
    if (mayHaveLanded && this.opts.recover) {
      try {
        const recovered = await this.opts.recover(input);
        if (recovered) return recovered;
      } catch (e) {
        // Unknown whether it landed, so it must not be sent blind: try again later, re-check first.
        return { ok: false, error: toApiError(e), auditId: null };
      }
    }
    return this.opts.decide(input);
  }

  private async process({ job, item, user }: WorkItem): Promise<void> {
    const db = this.opts.db();
    // `running` before we mark it: a call of an earlier attempt (or process) may have reached the upstream.
    const mayHaveLanded = item.status === "running";
    await markRunning(db, job.id, item.id);
    let outcome: DecideOutcome;
    try {
      outcome = await this.attempt(
        {
          user,
          taskId: item.task_id,
          action: job.action,
          reason: job.action === "reject" ? (job.reason ?? undefined) : undefined,
          source: "bulk",
          priority: "background",
        },
        mayHaveLanded,
      );
    } catch (e) {
      // Upstream and audit failures come back as outcomes; anything thrown is unexpected, and the upstream may have acted.
      log.error("bulk runner: decision not recorded", { jobId: job.id, taskId: item.task_id, error: e instanceof Error ? e : String(e) });
      await finishItem(db, item.id, { ok: false, result: null, statusAfter: null, message: "Решение не удалось записать в журнал", errorCode: "audit_failed", auditId: null });
      await this.finishIfComplete(job.id);
      return;
    }

    if (outcome.ok) {
      const r = outcome.result;
      const message = outcome.auditRecorded === false ? `${r.message} Решение не записано в журнал аудита (сохранено в резервный файл).` : r.message;
      await finishItem(db, item.id, { ok: true, result: String(r.result), statusAfter: String(r.status), message, errorCode: null, auditId: outcome.auditId });
    } else {
      const { error } = outcome;
      const attempts = item.attempts + 1;
      if (isTransient(error) && attempts < this.maxAttempts) {
        // Left `running` when the call may have landed, so the next attempt re-checks before sending.
        await requeueItem(db, item.id, { message: error.message, errorCode: error.code, auditId: outcome.auditId }, mayHaveLanded || !neverSent(error) ? "running" : "pending");
        // Honour the upstream's wait (or back off on our own clock) before anything else is written.
        await this.sleep(Math.max(retryAfterMs(error), this.intervalMs * 2));
        return;
      }
      await finishItem(db, item.id, { ok: false, result: null, statusAfter: null, message: error.message, errorCode: error.code, auditId: outcome.auditId });
    }
    await this.finishIfComplete(job.id);
  }

  private async finishIfComplete(jobId: number): Promise<void> {
    const db = this.opts.db();
    const open = await db
      .selectFrom("bulk_job_items")
      .select("id")
      .where("job_id", "=", jobId)
      .where("status", "in", ["pending", "running"])
      .executeTakeFirst();
    if (!open) await finishJob(db, jobId);
  }
}

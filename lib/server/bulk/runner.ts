import "server-only";
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { Kysely } from "kysely";
import { isRole } from "@/lib/auth/roles";
import { checkAccess } from "@/lib/server/access";
import type { Database } from "@/lib/server/db";
import type { DecideInput, DecideOutcome } from "@/lib/server/decisions";
import { say, text, toApiError, type ApiError } from "@/lib/server/errors";
import { publishEvent } from "@/lib/server/events";
import { systemClock, type Clock } from "@/lib/server/gateway/clock";
import { log, outsideLogContext } from "@/lib/server/log";
import {
  claimNext,
  closeCompletedJobs,
  deferPacing,
  failOpenItems,
  finishItem,
  finishJobIfComplete,
  renewLease,
  requeueItem,
  type Claim,
  type ItemOutcome,
  type WorkItem,
} from "./claims";
import { publishJobProgress, type BulkEvent } from "./progress";
import { stopJobForAccess } from "./stop";

export type DecideFn = (input: DecideInput) => Promise<DecideOutcome>;
/** Settles an item whose call may already have reached the upstream: an outcome, or null to send it. */
export type RecoverFn = (input: DecideInput) => Promise<DecideOutcome | null>;

/**
 * Spacing between two bulk writes. The key allows 30 writes a minute for the
 * whole team; one bulk write every 3 s is 20 a minute at most, which leaves a
 * third of the write budget to people deciding one post at a time. The spacing
 * is kept in the database (bulk_pacing), so it holds for all instances
 * together, however many jobs queue and however many runners work on them.
 */
const BULK_WRITE_INTERVAL_MS = 3_000;
/**
 * How long a claim holds without renewal (renewed every third of it while the
 * call runs). An instance that dies mid-call leaves its item to another one
 * this long after its last renewal.
 */
const BULK_LEASE_MS = 30_000;
/** While items are held by other runners: how often a runner looks again; also the bulk job's period (lib/server/bulk). */
export const BULK_POLL_MS = 5_000;
/** Transient failures (budget spent, upstream down) are retried this many times in all before the item counts as failed. */
const BULK_MAX_ATTEMPTS = 5;
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
   * For an item found `running` (its runner died during the call, or the
   * call's outcome stayed unknown): checks the upstream before sending again,
   * so a decision already applied is recorded as the job's own, not as the
   * `already_*` answer a second call would get.
   */
  recover?: RecoverFn;
  intervalMs?: number;
  maxAttempts?: number;
  leaseMs?: number;
  pollMs?: number;
  /** Pacing and lease time; tests pass a FakeClock. */
  clock?: Clock;
  /** Progress after each item, to open pages (GET /api/events); publishEvent by default. */
  publish?: (event: BulkEvent) => void;
  /** This runner's name in claims; host, pid and a random tag by default. */
  owner?: string;
};

/** May the job's author still decide? The one access check (lib/server/access): role today, no admin's revoke since the job was queued. */
const authorMayDecide = (job: { user_email: string; created_at: string }) => checkAccess(job.user_email, { permission: "decide", since: job.created_at });

/**
 * Works through stored bulk jobs one claimed item at a time. State lives only
 * in the database (items go pending → running → ok|failed|unknown, each `running` one
 * held by a lease), so any number of runners — in one process, in several
 * instances, or after a restart — share the work, and an item held by a
 * runner that died is taken over once its lease lapses.
 */
export class BulkRunner {
  readonly owner: string;
  private loop: Promise<void> | null = null;
  private dirty = false;
  private stopped = false;
  private killed = false;
  private wakeSleep: (() => void) | null = null;
  private stopRenewal: (() => void) | null = null;
  private readonly intervalMs: number;
  private readonly maxAttempts: number;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly clock: Clock;
  private readonly publish: (event: BulkEvent) => void;

  constructor(private readonly opts: BulkRunnerOptions) {
    this.intervalMs = opts.intervalMs ?? BULK_WRITE_INTERVAL_MS;
    this.maxAttempts = opts.maxAttempts ?? BULK_MAX_ATTEMPTS;
    this.leaseMs = opts.leaseMs ?? BULK_LEASE_MS;
    this.pollMs = opts.pollMs ?? BULK_POLL_MS;
    this.clock = opts.clock ?? systemClock;
    this.publish = opts.publish ?? publishEvent;
    this.owner = opts.owner ?? `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
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

  /**
   * Plays a crash, for tests: from now on this runner writes nothing — no
   * lease renewal, no result for the item in flight — as if its process had
   * been killed, so its claim lapses and another runner must take over.
   */
  kill(): void {
    this.killed = true;
    this.stopped = true;
    this.stopRenewal?.();
    this.wakeSleep?.();
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
      let claim: Claim;
      try {
        claim = await claimNext(this.opts.db(), { owner: this.owner, nowMs: this.clock.now(), leaseMs: this.leaseMs, intervalMs: this.intervalMs });
      } catch (e) {
        log.error("bulk runner: claiming an item failed", { error: e instanceof Error ? e : String(e) });
        await this.sleep(5_000);
        continue;
      }
      if (claim.kind === "wait") {
        // Capped, so a pacing row moved far ahead (a long Retry-After, a skewed clock) is looked at again.
        await this.sleep(Math.min(claim.untilMs - this.clock.now(), this.pollMs));
        continue;
      }
      if (claim.kind === "idle") {
        await this.closeCompleted();
        if (this.dirty) continue;
        if (claim.recheckAtMs === null) return;
        // Other runners hold the open items: look again when their leases would lapse if they died.
        await this.sleep(Math.max(50, Math.min(claim.recheckAtMs - this.clock.now() + 1, this.pollMs)));
        continue;
      }
      try {
        await this.process(claim.work);
      } catch (e) {
        // The database failed under us: the claim lapses and the item is re-checked and retried (by us or another instance).
        log.error("bulk runner: recording an item failed", { jobId: claim.work.job.id, taskId: claim.work.item.task_id, error: e instanceof Error ? e : String(e) });
        await this.sleep(5_000);
      }
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

  /**
   * Renews the claim while the call runs. On real time, whatever the pacing
   * clock: it keeps a row alive during a real HTTP call.
   */
  private renewWhileRunning(itemId: number): () => void {
    const timer = setInterval(() => {
      renewLease(this.opts.db(), itemId, this.owner, this.clock.now() + this.leaseMs)
        .then((ours) => {
          if (!ours) log.warn("bulk runner: lost the claim of an item mid-call (lease lapsed)", { itemId, owner: this.owner });
        })
        .catch((e: unknown) => log.warn("bulk runner: lease renewal failed", { itemId, error: e instanceof Error ? e : String(e) }));
    }, Math.max(10, Math.floor(this.leaseMs / 3)));
    timer.unref();
    const stop = () => clearInterval(timer);
    this.stopRenewal = stop;
    return stop;
  }

  private async process({ job, item, mayHaveLanded }: WorkItem): Promise<void> {
    const db = this.opts.db();
    if (!isRole(job.role)) {
      // A role renamed since the job was queued: refuse rather than act with unknown rights.
      await failOpenItems(db, job.id, "forbidden", say(text("decisions.authorRoleGone")));
      await this.finishedItem(job.id);
      return;
    }
    // Asked now, before this item: a demotion, removal or revoke made anywhere since the last item stops the job here.
    const standing = await authorMayDecide(job);
    const role = standing.ok ? standing.person.role : job.role;
    const input: DecideInput = {
      user: { email: job.user_email, name: job.user_name, role },
      taskId: item.task_id,
      action: job.action,
      reason: job.action === "reject" ? (job.reason ?? undefined) : undefined,
      category: job.action === "reject" ? job.reason_category : null,
      // Checked by decide() against a fresh read before the call; a moved version is version_changed, a final failure (not transient).
      version: item.version,
      source: "bulk",
      // A person's decision, not background work: that lane (the mirror, the collector) stops at 40 % of a window.
      priority: "interactive",
      ...(job.only_clean === 1 && job.action === "approve" ? { onlyClean: true } : {}),
    };
    if (!standing.ok) {
      if (standing.loss === "unknown") {
        // The users store cannot be read: decide nothing, try this item again later (it counts as an attempt).
        const failed: ItemOutcome = { ok: false, result: null, statusAfter: null, message: say(text("access.unknown")), errorCode: "store_unavailable", auditId: null };
        if (item.attempts < this.maxAttempts) {
          await requeueItem(db, item.id, this.owner, failed, mayHaveLanded ? "running" : "pending");
          await deferPacing(db, this.clock.now() + this.intervalMs * 2);
        } else await finishItem(db, item.id, this.owner, failed);
        await this.finishedItem(job.id);
        return;
      }
      // An item an earlier call may have applied is settled by a read (never sent again); the rest are not decided.
      const recovered = mayHaveLanded && this.opts.recover ? await this.opts.recover(input).catch(() => null) : null;
      await stopJobForAccess(db, { job, item, owner: this.owner, loss: standing.loss, recovered });
      await this.finishedItem(job.id);
      return;
    }
    const stopRenewal = this.renewWhileRunning(item.id);
    let outcome: DecideOutcome | null = null;
    let thrown: unknown = null;
    try {
      outcome = await this.attempt(input, mayHaveLanded);
    } catch (e) {
      thrown = e;
    } finally {
      stopRenewal();
    }
    if (this.killed) return; // a dead process writes nothing more

    let written: Promise<boolean>;
    if (!outcome) {
      // Upstream and audit failures come back as outcomes; anything thrown is unexpected, and the upstream may have acted.
      log.error("bulk runner: decision not recorded", { jobId: job.id, taskId: item.task_id, error: thrown instanceof Error ? thrown : String(thrown) });
      written = finishItem(db, item.id, this.owner, { ok: false, result: null, statusAfter: null, message: say(text("decisions.bulkNotRecorded")), errorCode: "audit_failed", auditId: null });
    } else if (outcome.ok) {
      const r = outcome.result;
      const message = outcome.auditRecorded === false ? say(text("decisions.bulkNotRecordedFallback", { message: r.message ?? "" })) : r.message;
      written = finishItem(db, item.id, this.owner, { ok: true, result: String(r.result), statusAfter: String(r.status), message, errorCode: null, auditId: outcome.auditId });
    } else {
      const { error } = outcome;
      const failed: ItemOutcome = { ok: false, result: null, statusAfter: null, message: error.message, errorCode: error.code, auditId: outcome.auditId };
      if (isTransient(error) && item.attempts < this.maxAttempts) {
        // Given back `running` when the call may have landed, so the next taker re-checks before sending.
        written = requeueItem(db, item.id, this.owner, failed, mayHaveLanded || !neverSent(error) ? "running" : "pending");
        // Honour the upstream's wait (or back off on our own clock) before any instance writes again.
        await deferPacing(db, this.clock.now() + Math.max(retryAfterMs(error), this.intervalMs * 2));
      } else {
        written = finishItem(db, item.id, this.owner, failed);
      }
    }
    if (!(await written)) {
      // Our lease lapsed mid-call (a stall longer than the lease): the runner that took the item over re-checks and records it.
      log.warn("bulk runner: result not written, the item's claim had passed to another runner", { jobId: job.id, taskId: item.task_id, owner: this.owner });
    }
    await this.finishedItem(job.id);
  }

  /** Closes the job when this was its last open item, and tells open pages how far it is. */
  private async finishedItem(jobId: number): Promise<void> {
    const db = this.opts.db();
    await finishJobIfComplete(db, jobId);
    await this.report(jobId);
  }

  private async closeCompleted(): Promise<void> {
    try {
      for (const id of await closeCompletedJobs(this.opts.db())) await this.report(id);
    } catch (e) {
      log.error("bulk runner: closing finished jobs failed", { error: e instanceof Error ? e : String(e) });
    }
  }

  private report(jobId: number): Promise<void> {
    return publishJobProgress(this.opts.db(), jobId, this.publish);
  }
}

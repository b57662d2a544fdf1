import "server-only";
import type { ApprovalResult, PostDetail } from "@/lib/schemas";
import type { Gateway } from "@/lib/server/gateway/gateway";
import { BudgetExhaustedError } from "@/lib/server/gateway/errors";
import { say, text } from "@/lib/server/errors";
import { log } from "@/lib/server/log";
import type { CallOptions } from "@/lib/server/upstream";
import { UpstreamHttpError, UpstreamUnavailableError } from "@/lib/server/upstream/errors";

export type Decision = "approve" | "reject";
export type WriteResult = ApprovalResult & { recovered?: boolean };

/** The post status a decision leaves behind (spec 3.1). */
export const DECISION_TARGET: Record<Decision, string> = { approve: "APPROVED", reject: "CANCELED" };

function recoveredMessage(action: Decision, e: unknown): string {
  const timeout = e instanceof UpstreamUnavailableError && e.reason === "timeout";
  return say(text("decisions.recovered", { timeout: timeout ? "yes" : "no", action }));
}

/**
 * Could the write have been applied although its answer says otherwise? Our
 * own budget refusal never left the building, and a clear 4xx (409 conflict,
 * 404, 400…) is the upstream refusing; everything else (timeout, dropped
 * connection, 5xx, a success body that breaks the contract, anything
 * unexpected) leaves the post's state unknown.
 */
function outcomeUnknown(e: unknown): boolean {
  if (e instanceof BudgetExhaustedError) return false;
  if (e instanceof UpstreamHttpError) return e.status >= 500;
  return true;
}

/** A connection that was never made (refused, no such host): the request cannot have reached the service. */
const NOT_CONNECTED = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);
function neverSent(e: unknown): boolean {
  for (let c: unknown = e, depth = 0; c && typeof c === "object" && depth < 5; c = (c as { cause?: unknown }).cause, depth++) {
    const code = (c as { code?: unknown }).code;
    if (typeof code === "string" && NOT_CONNECTED.has(code)) return true;
  }
  return false;
}

/**
 * No answer came from the service itself: our timeout, a dropped connection,
 * or a proxy's 502/504 (it gave up; the app behind it may not have). The write
 * may still be in flight, so a re-read that shows the post unchanged proves
 * nothing: only a later read, or for an approve a repeat, can tell.
 */
function answerLost(e: unknown): boolean {
  if (e instanceof UpstreamUnavailableError) return !neverSent(e);
  return e instanceof UpstreamHttpError && (e.status === 502 || e.status === 504);
}

/**
 * Where a post's status says a decision stands: applied ("done"), plainly not
 * applied, or not telling (a status the spec does not tie to the decision).
 * An approved post moves on to publishing, so those count as approved too.
 */
const APPROVED_OR_LATER = new Set(["APPROVED", "PUBLISHING", "PUBLISHED", "PARTIALLY_PUBLISHED"]);
const STILL_OPEN: Record<Decision, ReadonlySet<string>> = {
  approve: new Set(["WAITING_APPROVAL", "CANCELED"]),
  reject: new Set(["WAITING_APPROVAL", "APPROVED", "SCHEDULED"]),
};
export function landed(action: Decision, status: string): "done" | "not_applied" | "unknown" {
  if (action === "approve" ? APPROVED_OR_LATER.has(status) : status === DECISION_TARGET.reject) return "done";
  return STILL_OPEN[action].has(status) ? "not_applied" : "unknown";
}

/**
 * The write's answer and the re-reads after it could not be trusted: nobody
 * knows whether the decision was applied. Recorded as `outcome_unknown` and
 * settled later by lib/server/outcomes (matched by name: Next may load this
 * class once per route bundle).
 */
export class OutcomeUnknownError extends Error {
  override readonly name = "OutcomeUnknownError";
  constructor(readonly action: Decision, readonly taskId: number, cause: unknown) {
    super(`outcome of ${action} on post ${taskId} unknown`, { cause });
  }
}

export type WriteDeps = {
  gateway: Gateway;
  send: (id: number, o: CallOptions) => Promise<ApprovalResult>;
  /** A fresh read of the post (bypassing the cache), paid from the write lane's reserve. */
  reread: (id: number) => Promise<PostDetail>;
  /** The post changed; `status`, when given, is the upstream's word on where it stands now. */
  invalidate: (id: number, status?: string) => void | Promise<void>;
};

/**
 * An approve or reject. Approve is idempotent upstream, so it is sent again
 * once after a network error; reject never is. When the answer to a write is
 * missing or unreadable we cannot know whether it was applied, so the post is
 * read again before the person is answered: "done" (marked `recovered`) only
 * when the upstream's own state says so; when the service answered (500, 503,
 * a broken body) and the post is still open, the original failure; when no
 * answer came (timeout, dropped connection, a proxy's 502/504) the outcome
 * is unknown, since the write may still land.
 */
export async function decide(action: Decision, id: number, deps: WriteDeps): Promise<WriteResult> {
  let result: ApprovalResult;
  try {
    result = await deps.gateway.direct(action, "write", action === "approve" ? "once-on-network" : "never", (o) =>
      deps.send(id, o),
    );
  } catch (e) {
    // Whatever reached the upstream may have changed the post; a refusal of our own did not. Its
    // lists are expired now, not brought up to date after the re-read: until then nobody may be shown
    // the post as waiting, and an expired list is never put back (it may lack an earlier change).
    if (!(e instanceof BudgetExhaustedError)) await deps.invalidate(id);
    if (!outcomeUnknown(e)) throw e;
    const failure = e instanceof Error ? e.name : String(e);
    let post: PostDetail;
    try {
      // A second try: a flaky upstream that garbled the write's answer may garble one read too.
      post = await deps.reread(id).catch(() => deps.reread(id));
    } catch (rereadError) {
      log.warn("write failed and the post could not be read again: outcome unknown", { action, taskId: id, failure, error: rereadError instanceof Error ? rereadError : String(rereadError) });
      throw new OutcomeUnknownError(action, id, e);
    }
    const where = landed(action, String(post.status));
    if (where !== "done") {
      log.warn("write failed and the post did not reach its target status", { action, taskId: id, failure, status: post.status });
      // "Still open" right after a lost answer is not "not applied": the write may land later (lib/server/outcomes settles it).
      throw where === "unknown" || answerLost(e) ? new OutcomeUnknownError(action, id, e) : e;
    }
    log.warn("write answer failed but the re-read confirms the decision", { action, taskId: id, failure, status: post.status });
    return {
      task_id: id,
      status: post.status,
      result: action === "approve" ? "approved_now" : "rejected_now",
      message: recoveredMessage(action, e),
      recovered: true,
    };
  }
  // Into the mirror before the answer: the next list anyone reads shows it.
  await deps.invalidate(id, result.status);
  return result;
}

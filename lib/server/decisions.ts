import "server-only";
import type { SessionUser } from "@/lib/auth/roles";
import type { ApprovalResult, PostDetail } from "@/lib/schemas";
import { latestEffectiveDecision, recordDecision, type AuditEntry, type PriorDecision } from "@/lib/server/audit";
import { appendToFallback } from "@/lib/server/audit-fallback";
import { assertSignoff, getPolicy } from "@/lib/server/collab/approval-policy";
import { findingsOf } from "@/lib/server/collab/policy-findings";
import type { PolicyView } from "@/lib/schemas/collab";
import { assertChecksClear, assertLimitsConfirmed } from "@/lib/server/checks";
import { describeLimits } from "@/lib/server/checks/limits-gate";
import { ApiError, say, text as said, toApiError } from "@/lib/server/errors";
import { publishDecision, publishEvent } from "@/lib/server/events";
import { log } from "@/lib/server/log";
import { DECISION_TARGET, landed } from "@/lib/server/service/writes";
import { ALREADY, OUTCOME_UNKNOWN, outcomeUnknownError, isOutcomeUnknown, scheduleSettling } from "@/lib/server/outcomes";
import { service, type Priority } from "@/lib/server/upstream-service";
import { activeVersion, approvedVersionOf, flagWrongVersion, readBack, type WrongVersion } from "@/lib/server/outcomes/wrong-version";

export type DecisionAction = "approve" | "reject";
export type DecisionSource = "single" | "bulk" | "keyboard" | "share_link" | "telegram" | "max";
/** What a signed-in person's request may name; "share_link" is set by the share-link routes only. */
export const DECISION_SOURCES = ["single", "bulk", "keyboard"] as const;
/** A share-link visitor (lib/server/share): email `external:<name>`, role "external". */
export type ExternalActor = { email: string; name: string; role: "external" };
/** "Approve all clean" met a version with findings (409): left for a person to read. */
const NOT_CLEAN = "not_clean";
/** The code of a pinned decision refused because the post's active version moved (409). */
export const VERSION_CHANGED = "version_changed";

export type DecideInput = {
  user: SessionUser | ExternalActor;
  /** The share link a visitor decided through; recorded in audit_log.share_link_id. */
  shareLinkId?: string;
  /**
   * Whose decision this counts as for the "not the same person" rule: a
   * visitor's is its link's creator's (their own "ok" never signs off what
   * they approve through their own link). The user themself when absent.
   */
  accountable?: { email: string };
  /** An admin's override of a blocking finding (lib/checks), with the reason; audited by the checks gate. */
  override?: { reason: string };
  /** "Approve all clean": approved only if the version active now has no finding of the checks (else 409 not_clean). */
  onlyClean?: boolean;
  taskId: number;
  action: DecisionAction;
  /** Why a post is rejected (required by the reject route, 1–500 characters). */
  reason?: string;
  /** The reject's category, a code of REJECT_CATEGORIES (the routes check it). */
  category?: string | null;
  /**
   * The active version the person was looking at. When given, nothing is
   * sent upstream unless it is still the active one (else `version_changed`).
   */
  version?: number | null;
  /** An optional remark on an approval (≤ 500 characters). */
  note?: string;
  /**
   * The person confirmed approving a text over a platform's limit ("approve despite this?").
   * Without it such an approve is refused (409 confirmation_required), whatever path it came by.
   */
  confirmed?: boolean;
  source: DecisionSource;
  /** For the read of the post before the write; bulk runs may pass "background". */
  priority?: Priority;
};

export type DecisionResult = ApprovalResult & { recovered?: boolean };

/**
 * `auditId` is null and `auditRecorded` false when the audit row could not be
 * written (the decision is then in the fallback file); `previous` is someone
 * else's earlier decision that this one ran into or turned around.
 */
type Common = { auditId: number | null; auditRecorded?: boolean; previous?: PriorDecision; versions?: VersionPin; wrongVersion?: WrongVersion };

/** A refused pinned decision: the version seen and the one active now (null: the post shows none active). */
export type VersionPin = { seen: number; current: number | null };
export type DecideOutcome = ({ ok: true; result: DecisionResult } & Common) | ({ ok: false; error: ApiError } & Common);

/** Shown with a decision the upstream took but the audit log did not. */
export const NOT_RECORDED_MESSAGE = said("decisions.notRecorded");

const EFFECTIVE = new Set(["approved_now", "rejected_now"]);

/**
 * Did this decision run into someone else's? An `already_*`/`not_pending`
 * answer or a 409 means the post was decided before; a reject of an approved
 * post turns that approval around. Either way the person is told by whom.
 */
function mayMeetPrior(action: DecisionAction, outcome: { result: DecisionResult } | { error: ApiError }): boolean {
  // A version_changed refusal sent nothing: nobody else's decision is involved.
  if ("error" in outcome) return outcome.error.status === 409 && outcome.error.code !== VERSION_CHANGED;
  const r = String(outcome.result.result);
  return !EFFECTIVE.has(r) || (action === "reject" && r === "rejected_now");
}

async function priorDecision(input: DecideInput, outcome: { result: DecisionResult } | { error: ApiError }): Promise<PriorDecision | undefined> {
  if (!mayMeetPrior(input.action, outcome)) return undefined;
  try {
    const p = await latestEffectiveDecision(input.taskId);
    if (!p || p.email === input.user.email) return undefined;
    // A fresh reject only turns around an approval; after someone's reject it would have been already_canceled.
    if ("result" in outcome && EFFECTIVE.has(String(outcome.result.result)) && p.action !== "approve") return undefined;
    return p;
  } catch (e) {
    log.warn("could not look up earlier decisions", { taskId: input.taskId, error: e instanceof Error ? e : String(e) });
    return undefined;
  }
}

/**
 * Writes the audit row; when the database will not take it, the fallback file
 * does (replayed at the next start) and the person is told it is not recorded.
 */
async function record(entry: AuditEntry): Promise<{ auditId: number | null; auditRecorded: boolean }> {
  try {
    return { auditId: await recordDecision(entry), auditRecorded: true };
  } catch (e) {
    log.error("audit write failed", { entry, error: e instanceof Error ? e : String(e) });
    appendToFallback(entry, e);
    return { auditId: null, auditRecorded: false };
  }
}

function entryFor(
  input: DecideInput,
  started: number,
  facts: Pick<AuditEntry, "campaign_id" | "version_number" | "status_after" | "result" | "error_code" | "http_status"> & Pick<Partial<AuditEntry>, "approved_version">,
): AuditEntry {
  return {
    at: new Date().toISOString(),
    user_email: input.user.email,
    user_name: input.user.name,
    role: input.user.role,
    task_id: input.taskId,
    action: input.action,
    reason: input.reason ?? null,
    reason_category: input.action === "reject" ? (input.category ?? null) : null,
    version_seen: input.version ?? null,
    note: input.note ?? null,
    source: input.source,
    ...(input.shareLinkId ? { share_link_id: input.shareLinkId } : {}),
    duration_ms: Math.round(performance.now() - started),
    ...facts,
  };
}

function versionChanged(pin: VersionPin): ApiError {
  return new ApiError(VERSION_CHANGED, said("decisions.versionChanged", { seen: pin.seen, current: pin.current ?? "none" }), { status: 409 });
}

type ForDecision = {
  post: PostDetail;
  /** For an approve without a version under a policy of more than one step: the version the dashboard last served. */
  served?: number | null;
  policy?: PolicyView;
};

/**
 * The post as the decision needs it. Pinned (the version seen is given), the
 * comparison is the whole point, so it is made against a fresh read: a cached
 * detail may be up to its TTL old, and any window of trust is exactly the
 * window in which a replaced text gets approved blind. Unpinned, a cached
 * read names the campaign; and when the campaign's policy has sign-off steps
 * an approve reads the post fresh as well: the sign-off must be on the text
 * that is approved, and the approve is pinned to what the dashboard last
 * served (the cached copy the client loaded), refused when the text moved.
 * Every such read is paid like its write (the confirm lane), a bulk item's too.
 */
async function readForDecision(input: DecideInput): Promise<ForDecision> {
  // The read a decision stands on, a bulk item's too: the confirm lane (the reads kept for decisions), never refused for list reads.
  const lane = "confirm";
  if (input.version !== undefined && input.version !== null) {
    const post = await service.postFresh(input.taskId, lane);
    return { post, ...(input.action === "approve" ? { policy: await getPolicy(post.campaign_id) } : {}) };
  }
  const cached = (await service.post(input.taskId, input.priority ?? "interactive")).data;
  if (input.action !== "approve") return { post: cached };
  const policy = await getPolicy(cached.campaign_id);
  if (policy.signoff.length === 0) return { post: cached, policy };
  return { post: await service.postFresh(input.taskId, lane), served: activeVersion(cached), policy };
}

/**
 * One approve or reject, as the single routes and the bulk runner both do it:
 * read the post to learn its campaign and the active version (fresh when the
 * decision is pinned to the version seen, and refused with `version_changed`
 * before anything is sent when that version is no longer active), call the
 * upstream (which reads the post again when the answer is lost or
 * unreadable), and record the attempt in the audit log whatever happened.
 * Never throws for an upstream or audit failure: both come back in the outcome.
 */
export async function decide(input: DecideInput): Promise<DecideOutcome> {
  const started = performance.now();
  let versionNumber: number | null = null;
  let campaignId: number | null = null;
  let pin: VersionPin | undefined;
  // Meant for one version (pinned, or signed off under a policy): the approve is read back to see which version it approved.
  let meantForVersion = input.version !== undefined && input.version !== null;

  let outcome: { result: DecisionResult } | { error: ApiError };
  try {
    const { post, served, policy } = await readForDecision(input);
    if ((policy?.signoff.length ?? 0) > 0) meantForVersion = true;
    campaignId = post.campaign_id;
    versionNumber = activeVersion(post);
    const seen = input.version ?? served;
    if (seen !== undefined && seen !== null && versionNumber !== seen) {
      pin = { seen, current: versionNumber };
      // Pages showing the post learn that its text moved (it is already fresh in the cache).
      publishEvent({ type: "post", task_id: input.taskId, campaign_id: campaignId, status: String(post.status), reason: "refresh" });
      throw versionChanged(pin);
    }
    // Checks (lib/checks): no approve of a version with a blocking finding (409 check_blocked), unless an admin overrides it with a reason.
    if (input.action === "approve") await assertChecksClear(post, input.user, input.override);
    // Clean when the person clicked is not enough: the version approved must be clean now (unknown findings are not clean).
    if (input.action === "approve" && input.onlyClean) {
      const facts = await findingsOf(input.taskId, versionNumber, post);
      if (facts === null || facts.warnings || facts.rules.length > 0) {
        throw new ApiError(NOT_CLEAN, said("decisions.notClean", { version: versionNumber ?? "none" }), { status: 409 });
      }
    }
    // A policy with sign-off steps: no approve (single, keyboard, bulk or share link) before they are passed on this version.
    if (input.action === "approve") await assertSignoff(input.taskId, campaignId, versionNumber, { email: (input.accountable ?? input.user).email }, policy, post);
    // Over a platform's limit: last, not without the person's confirmation, which the audit row then says.
    if (input.action === "approve") {
      const over = await assertLimitsConfirmed(post, input.confirmed);
      if (over.length > 0 && !input.note) input = { ...input, note: say(said("checks.confirmedNote", { limits: describeLimits(over) })) };
    }
    const result =
      input.action === "approve"
        ? await service.approve(input.taskId, campaignId)
        : await service.reject(input.taskId, campaignId);
    outcome = { result: result.recovered ? await attributeRecovered(input, result, String(post.status)) : result };
  } catch (e) {
    const error = isOutcomeUnknown(e) ? outcomeUnknownError(input.action) : toApiError(e);
    if (error.code === "internal_error") log.error("decision failed unexpectedly", { taskId: input.taskId, error: e instanceof Error ? e : String(e) });
    outcome = { error };
  }

  // The confirm lane's read-back: which version did the upstream approve? (It has no precondition on approve.)
  let approved: { approved: number | null; wrong: WrongVersion | null } | null = null;
  if (meantForVersion && input.action === "approve" && "result" in outcome && String(outcome.result.result) === "approved_now") {
    const back = await readBack(input.taskId);
    if (back) approved = approvedVersionOf(back, versionNumber);
  }

  // Looked up before our own row is written, so "the latest" is someone else's.
  const previous = await priorDecision(input, outcome);
  const facts = { campaign_id: campaignId, version_number: versionNumber, ...(approved ? { approved_version: approved.approved } : {}) };
  const audit = await record(
    "result" in outcome
      ? entryFor(input, started, { ...facts, status_after: String(outcome.result.status), result: String(outcome.result.result), error_code: null, http_status: 200 })
      : outcome.error.code === OUTCOME_UNKNOWN
        ? // Settled later by a fresh read (lib/server/outcomes): this row becomes done or not applied, with both times.
          entryFor(input, started, { ...facts, status_after: null, result: OUTCOME_UNKNOWN, error_code: OUTCOME_UNKNOWN, http_status: outcome.error.status })
        : entryFor(input, started, { ...facts, status_after: null, result: null, error_code: outcome.error.code, http_status: outcome.error.status }),
  );
  if ("error" in outcome && outcome.error.code === OUTCOME_UNKNOWN) scheduleSettling();
  if (approved?.wrong && "result" in outcome) {
    await flagWrongVersion({ auditId: audit.auditId, taskId: input.taskId, campaignId, approver: input.user, wrong: approved.wrong, status: String(outcome.result.status) });
  }
  const common = { ...audit, ...(previous ? { previous } : {}), ...(pin ? { versions: pin } : {}), ...(approved?.wrong ? { wrongVersion: approved.wrong } : {}) };
  // After the audit row, so a page told of it refetches the decision history with this decision in it.
  if ("result" in outcome && campaignId !== null) publishDecision(input.taskId, campaignId, String(outcome.result.status));
  return "result" in outcome ? { ok: true, result: outcome.result, ...common } : { ok: false, error: outcome.error, ...common };
}

/**
 * The answer was lost and a re-read found the post where this decision puts
 * it: but was it this decision? When the post was already there before it was
 * sent (the read the decision stood on), or someone's earlier decision in the
 * audit put it there, the row says `already_*` as the upstream would have
 * answered, and priorDecision names who decided first.
 */
async function attributeRecovered(input: DecideInput, result: DecisionResult, statusBefore: string): Promise<DecisionResult> {
  const already = { ...result, result: ALREADY[input.action] };
  if (landed(input.action, statusBefore) === "done") return already;
  const earlier = await latestEffectiveDecision(input.taskId).catch(() => null);
  return earlier && earlier.action === input.action ? already : result;
}

const recoveredAfterRestart = (action: DecisionAction) => say(said("decisions.recoveredAfterRestart", { action }));

/**
 * For a decision whose call may have reached the upstream before the process
 * died (a bulk item found mid-call after a restart): reads the post fresh, and
 * when it is already in the decision's target status, records the decision as
 * applied (recovered) instead of sending it again, which would be answered
 * `already_*`. Returns null when the post is not there yet (send it) or when
 * someone else decided it meanwhile (send it, so they are named). Throws when
 * the post cannot be read.
 */
export async function recoverDecision(input: DecideInput): Promise<DecideOutcome | null> {
  const started = performance.now();
  const post = await service.postFresh(input.taskId);
  if (post.status !== DECISION_TARGET[input.action]) return null;
  const other = await latestEffectiveDecision(input.taskId).catch(() => null);
  if (other && other.email !== input.user.email) return null;
  const result: DecisionResult = {
    task_id: input.taskId,
    status: post.status,
    result: input.action === "approve" ? "approved_now" : "rejected_now",
    message: recoveredAfterRestart(input.action),
    recovered: true,
  };
  const entry = entryFor(input, started, {
    campaign_id: post.campaign_id,
    version_number: activeVersion(post),
    status_after: String(post.status),
    result: String(result.result),
    error_code: null,
    http_status: 200,
  });
  const audit = await record(entry);
  publishDecision(input.taskId, post.campaign_id, String(post.status));
  return { ok: true, result, ...audit };
}

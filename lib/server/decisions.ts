import "server-only";
import type { SessionUser } from "@/lib/auth/roles";
import type { ApprovalResult } from "@/lib/schemas";
import { recordDecision, type AuditEntry } from "@/lib/server/audit";
import { ApiError, toApiError } from "@/lib/server/errors";
import { log } from "@/lib/server/log";
import { service, type Priority } from "@/lib/server/upstream-service";

export type DecisionAction = "approve" | "reject";
export type DecisionSource = "single" | "bulk" | "keyboard";
export const DECISION_SOURCES = ["single", "bulk", "keyboard"] as const;

export type DecideInput = {
  user: SessionUser;
  taskId: number;
  action: DecisionAction;
  /** Why a post is rejected (required by the reject route, 1–500 characters). */
  reason?: string;
  /** An optional remark on an approval (≤ 500 characters). */
  note?: string;
  source: DecisionSource;
  /** For the read of the post before the write; bulk runs may pass "background". */
  priority?: Priority;
};

export type DecisionResult = ApprovalResult & { recovered?: boolean };

export type DecideOutcome =
  | { ok: true; result: DecisionResult; auditId: number }
  | { ok: false; error: ApiError; auditId: number };

/**
 * One approve or reject, as the single routes and the bulk runner both do it:
 * read the post (a cached read is fine) to learn its campaign and the active
 * version the person is deciding on, call the upstream, and record the
 * attempt in the audit log whatever happened. Never throws for an upstream
 * failure (it comes back as `{ ok: false, error }`); throws only if the audit
 * row itself cannot be written.
 */
export async function decide(input: DecideInput): Promise<DecideOutcome> {
  const started = performance.now();
  let versionNumber: number | null = null;
  let campaignId: number | null = null;

  let outcome: { result: DecisionResult } | { error: ApiError };
  try {
    const post = await service.post(input.taskId, input.priority ?? "interactive");
    campaignId = post.data.campaign_id;
    versionNumber = post.data.versions.find((v) => v.is_active)?.version_number ?? null;
    const result =
      input.action === "approve"
        ? await service.approve(input.taskId, campaignId)
        : await service.reject(input.taskId, campaignId);
    outcome = { result };
  } catch (e) {
    const error = toApiError(e);
    if (error.code === "internal_error") log.error("decision failed unexpectedly", { taskId: input.taskId, error: e instanceof Error ? e : String(e) });
    outcome = { error };
  }

  const entry: AuditEntry = {
    at: new Date().toISOString(),
    user_email: input.user.email,
    user_name: input.user.name,
    role: input.user.role,
    task_id: input.taskId,
    campaign_id: campaignId,
    version_number: versionNumber,
    action: input.action,
    reason: input.reason ?? null,
    note: input.note ?? null,
    source: input.source,
    status_after: "result" in outcome ? String(outcome.result.status) : null,
    result: "result" in outcome ? String(outcome.result.result) : null,
    error_code: "error" in outcome ? outcome.error.code : null,
    http_status: "error" in outcome ? outcome.error.status : 200,
    duration_ms: Math.round(performance.now() - started),
  };

  let auditId: number;
  try {
    auditId = await recordDecision(entry);
  } catch (e) {
    // The upstream may already have acted: keep the facts in the log at least.
    log.error("audit write failed", { entry, error: e instanceof Error ? e : String(e) });
    throw e;
  }
  return "result" in outcome ? { ok: true, result: outcome.result, auditId } : { ok: false, error: outcome.error, auditId };
}

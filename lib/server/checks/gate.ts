import "server-only";
import type { SessionUser } from "@/lib/auth/roles";
import type { PostDetail } from "@/lib/schemas";
import { hasVisibleText } from "@/lib/schemas/visible-text";
import { recordAuditEvent } from "@/lib/server/audit-events";
import { ApiError, invalidParameter, text } from "@/lib/server/errors";
import type { Finding } from "@/lib/checks/types";
import type { FindingsSource } from "@/lib/server/collab/policy-findings";
import { reportFor, reportOf, subjectOf } from "./reports";

export const CHECK_BLOCKED = "check_blocked";

/** A finding by rule and range, in any language: its note (Russian) comes beside the message, in `findings`. */
const describe = (f: Finding) => `${f.rule}${f.end > f.start ? ` ${f.start}–${f.end}` : ""}`;

type Actor = Pick<SessionUser, "email" | "name"> & { role: string };

/**
 * Refuses (409 check_blocked, naming the findings) an approve of a version
 * with a blocking finding: it can be approved once a new version clears it,
 * or by an admin who overrides it with a reason (audited as checks.override;
 * anyone else's override is refused). `post` is the detail the decision
 * already read (fresh when pinned), so this costs no upstream call.
 */
export async function assertChecksClear(post: PostDetail, actor?: Actor, override?: { reason: string }): Promise<void> {
  const subject = subjectOf(post);
  if (!subject) return;
  const report = await reportOf(subject, "interactive");
  const blocking = report.findings.filter((f) => f.severity === "block");
  if (blocking.length === 0) return;
  if (override && actor) {
    if (actor.role !== "admin") throw new ApiError("forbidden", text("checks.overrideAdminOnly"));
    const reason = override.reason.trim();
    // A reason of only invisible characters (zero-width, BOM, whitespace) says nothing: refused like an empty one.
    if (!hasVisibleText(reason)) throw new ApiError("validation_error", invalidParameter("override.reason", text("checks.reasonRequired")));
    await recordAuditEvent({
      actor,
      kind: "checks.override",
      task_id: post.task_id,
      campaign_id: post.campaign_id,
      subject_id: `${post.task_id}:${report.version ?? ""}`,
      detail: { version: report.version, reason, findings: blocking.map((f) => ({ rule: f.rule, start: f.start, end: f.end, note: f.note })) },
    });
    return;
  }
  throw new ApiError(
    CHECK_BLOCKED,
    text("checks.blocked", { version: report.version ?? "—", count: blocking.length, findings: blocking.map(describe).join("; ") }),
    { status: 409, extra: { findings: blocking, version: report.version } },
  );
}

/*
 * The approval policy's conditional steps ask the checks for a version's
 * findings (lib/server/collab/policy-findings.ts reads this globalThis slot:
 * Next may load a module once per route bundle, so an import-time handle
 * would not reach every bundle). Set whenever this module is loaded, which
 * the decision path does.
 */
const source: FindingsSource = async (taskId, version, post) => {
  const subject = post ? subjectOf(post, version) : null;
  const report = subject ? await reportOf(subject, "interactive") : await reportFor(taskId, version);
  return report.findings;
};
(globalThis as typeof globalThis & { __policyFindingsSource?: FindingsSource }).__policyFindingsSource = source;

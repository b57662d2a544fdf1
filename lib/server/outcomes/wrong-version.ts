import "server-only";
import type { PostDetail } from "@/lib/schemas";
import { recordAuditEvent } from "@/lib/server/audit-events";
import { publishEvent } from "@/lib/server/events";
import { log } from "@/lib/server/log";
import { notify } from "@/lib/server/notify";
import { landed } from "@/lib/server/service/writes";
import { service } from "@/lib/server/upstream-service";

/*
 * The upstream's approve has no precondition: it approves whatever version is
 * active when it lands, and a new version made upstream while the approve is
 * in flight gets approved unseen. So after an approve that was meant for one
 * version (pinned to the version seen, or under a policy whose sign-offs are
 * on one version) the post is read back in the confirm lane, and an approved
 * active version other than the signed one is flagged: on the audit row
 * (approved_version), as an audit event, to the approver and the admins, and
 * on the post page, which offers a one-click reject while it is unpublished.
 */

export type WrongVersion = { signed: number | null; approved: number | null };

export const activeVersion = (post: PostDetail): number | null => post.versions.find((v) => v.is_active)?.version_number ?? null;

/** The post read back after an approve (confirm lane); null when it cannot be read (nothing is flagged on a guess). */
export async function readBack(taskId: number): Promise<PostDetail | null> {
  try {
    return await service.postFresh(taskId, "confirm");
  } catch (e) {
    log.warn("approve: the post could not be read back to confirm its version", { taskId, error: e instanceof Error ? e.message : String(e) });
    return null;
  }
}

/** Which version the read-back shows approved, and whether it is not the signed one (null: nothing to flag). */
export function approvedVersionOf(post: PostDetail, signed: number | null): { approved: number | null; wrong: WrongVersion | null } {
  const approved = activeVersion(post);
  const isApproved = landed("approve", String(post.status)) === "done";
  return { approved, wrong: isApproved && signed !== null && approved !== signed ? { signed, approved } : null };
}

type Flag = {
  auditId: number | null;
  taskId: number;
  campaignId: number | null;
  approver: { email: string; name: string; role: string };
  wrong: WrongVersion;
  status: string;
};

/** Says it everywhere it must be seen. Never throws. */
export async function flagWrongVersion(f: Flag): Promise<void> {
  log.warn("approve landed on a version nobody signed", { auditId: f.auditId, taskId: f.taskId, ...f.wrong });
  await recordAuditEvent({
    at: new Date().toISOString(),
    actor: f.approver,
    kind: "decision.wrong_version",
    task_id: f.taskId,
    campaign_id: f.campaignId,
    subject_id: f.auditId,
    detail: { audit_id: f.auditId, signed_version: f.wrong.signed, approved_version: f.wrong.approved, status: f.status },
  }).catch((e: unknown) => log.warn("decision.wrong_version event not recorded", { auditId: f.auditId, error: e instanceof Error ? e : String(e) }));
  notify({
    kind: "wrong_version",
    approver: f.approver.role === "external" ? null : f.approver.email,
    approver_name: f.approver.name,
    task_id: f.taskId,
    campaign_id: f.campaignId,
    signed: f.wrong.signed,
    approved: f.wrong.approved,
  });
  // Open pages of the post re-read its decisions and show the mark.
  if (f.campaignId !== null) publishEvent({ type: "post", task_id: f.taskId, campaign_id: f.campaignId, status: f.status, reason: "decision" });
}

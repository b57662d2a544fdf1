import "server-only";
import type { SharedComment, VisitorCommentBody, VisitorDecisionBody } from "@/lib/schemas/share";
import { recordAuditEvent } from "@/lib/server/audit-events";
import { createComment } from "@/lib/server/collab/comments";
import { decide, type DecideOutcome, type ExternalActor } from "@/lib/server/decisions";
import { ApiError, text } from "@/lib/server/errors";
import { log } from "@/lib/server/log";
import { notify } from "@/lib/server/notify";
import { postOfLink, WAITING } from "./access";
import type { ShareLink } from "./store";

/*
 * What a visitor does through a link: decide (through decide(), so the same
 * version pinning, policy and audit row as anyone's, marked source
 * "share_link" with the link id) and comment (through the comment thread,
 * with the link id). The visitor is `external:<name>`, role "external".
 */
export function visitor(name: string): ExternalActor {
  return { email: `external:${name}`, name, role: "external" };
}

const NO_DECISIONS = text("share.viewOnly");

/** The allow-listed answer to a visitor's decision (no one else's name or email, unlike the team's answer). */
export type VisitorDecisionAnswer = { outcome: DecideOutcome; body: Record<string, unknown> };

export async function decideAsVisitor(link: ShareLink, taskId: number, input: VisitorDecisionBody): Promise<VisitorDecisionAnswer> {
  if (!link.can_decide) throw new ApiError("forbidden", NO_DECISIONS);
  const { post } = await postOfLink(link, taskId);
  // The upstream would take a reject of an APPROVED or SCHEDULED post; a visitor decides only what waits for approval.
  if (post.status !== WAITING) throw new ApiError("conflict", text("share.notWaiting"));
  const who = visitor(input.name);
  const outcome = await decide({
    user: who,
    // People, not links, sign off: a visitor's approve counts as the link creator's, whose own "ok" then does not count.
    accountable: { email: link.created_by.email },
    shareLinkId: link.id,
    taskId,
    action: input.action,
    reason: input.action === "reject" ? input.reason : undefined,
    version: input.version,
    ...(input.action === "approve" && input.confirmed ? { confirmed: true } : {}),
    source: "share_link",
  });
  // The decision itself is in audit_log (or its fallback file); this event ties it to the link for the activity page.
  await recordAuditEvent({
    actor: who,
    kind: "share.decided",
    task_id: taskId,
    campaign_id: post.campaign_id,
    subject_id: link.id,
    detail: {
      link_id: link.id,
      action: input.action,
      version: input.version,
      audit_id: outcome.auditId,
      ...(outcome.ok ? { result: String(outcome.result.result) } : { error_code: outcome.error.code }),
    },
  }).catch((e: unknown) => log.error("share.decided event not recorded", { linkId: link.id, taskId, error: e instanceof Error ? e : String(e) }));
  if (outcome.ok) {
    notify({ kind: "share_decision", task_id: taskId, campaign_id: post.campaign_id, link_id: link.id, external_name: who.name, action: input.action, link_creator: link.created_by.email });
  }
  const recorded = outcome.auditRecorded !== false;
  const extras = {
    audit_recorded: recorded,
    ...(outcome.versions ? { seen_version: outcome.versions.seen, current_version: outcome.versions.current } : {}),
  };
  return {
    outcome,
    body: outcome.ok
      ? { data: { task_id: outcome.result.task_id, status: String(outcome.result.status), result: String(outcome.result.result), message: outcome.result.message }, ...extras }
      : extras,
  };
}

export async function commentAsVisitor(link: ShareLink, taskId: number, input: VisitorCommentBody): Promise<SharedComment> {
  const { post } = await postOfLink(link, taskId);
  const version = input.version ?? post.versions.find((v) => v.is_active)?.version_number ?? null;
  const c = await createComment({ task_id: taskId, campaign_id: post.campaign_id, version, body: input.body, author: visitor(input.name), share_link_id: link.id });
  return { id: c.id, author: c.author_name, body: c.body, at: c.created_at, version: c.version };
}

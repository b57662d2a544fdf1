import { POST_STATUSES, type PostStatus } from "@/lib/schemas/values";

/**
 * Which decisions the upstream allows in which post status: the one place the
 * dashboard reads it from (post page, queue preview, keyboard, bulk bar).
 *
 * From the description (section 3.1 and 4.4):
 * - approve: WAITING_APPROVAL → APPROVED. A repeat on APPROVED is a harmless
 *   `already_approved`, so it is not offered as a decision; a published or
 *   otherwise unsuitable post answers 409.
 * - reject: WAITING_APPROVAL, APPROVED or SCHEDULED → CANCELED; the answer for
 *   any other status is not described.
 * A status the description does not list (the upstream may add one) offers
 * nothing: we cannot know what a decision would do to it.
 *
 * Offering is a convenience; the upstream still decides, and its answer is shown as it comes.
 */
export type DecisionAction = "approve" | "reject";

const ALLOWED: Record<PostStatus, readonly DecisionAction[]> = {
  WAITING_APPROVAL: ["approve", "reject"],
  APPROVED: ["reject"],
  SCHEDULED: ["reject"],
  GENERATING: [],
  READY: [],
  PUBLISHING: [],
  PUBLISHED: [],
  PARTIALLY_PUBLISHED: [],
  CANCELED: [],
  FAILED: [],
};

export function isKnownPostStatus(status: string): status is PostStatus {
  return (POST_STATUSES as readonly string[]).includes(status);
}

/** The decisions the upstream allows on a post in `status` (none for an unknown status). */
export function allowedDecisions(status: string): readonly DecisionAction[] {
  return isKnownPostStatus(status) ? ALLOWED[status] : [];
}

export function canDecideOn(status: string, action: DecisionAction): boolean {
  return allowedDecisions(status).includes(action);
}

export const canApprove = (status: string): boolean => canDecideOn(status, "approve");
export const canReject = (status: string): boolean => canDecideOn(status, "reject");

/**
 * Why a decision is not offered, when one is not: the known status itself
 * (its explanation is `review.decision.unavailable.<STATUS>`), or "unknown"
 * for a status the description does not list. Null when both are offered.
 */
export type UnavailableReason = Exclude<PostStatus, "WAITING_APPROVAL"> | "unknown";

export type DecisionAvailability = { approve: boolean; reject: boolean; reason: UnavailableReason | null };

export function decisionAvailability(status: string): DecisionAvailability {
  const approve = canApprove(status);
  const reject = canReject(status);
  if (approve && reject) return { approve, reject, reason: null };
  // Only WAITING_APPROVAL offers both, so a known status here is never it.
  return { approve, reject, reason: isKnownPostStatus(status) ? (status as UnavailableReason) : "unknown" };
}

/** The ids among `posts` on which `action` is allowed, in their order (for bulk jobs). */
export function eligibleIds(posts: readonly { task_id: number; status: string }[], ids: readonly number[], action: DecisionAction): number[] {
  const statusOf = new Map(posts.map((p) => [p.task_id, p.status]));
  return ids.filter((id) => {
    const status = statusOf.get(id);
    return status !== undefined && canDecideOn(status, action);
  });
}

import type { Pin } from "./versions";
import type { RejectInput } from "./use-decisions";

/** One campaign's share of a bulk decision: the upstream jobs are per campaign, so a cross-campaign selection is several. */
export type BulkGroup = { campaignId: number; taskIds: number[]; versions: (number | null)[] };
export type BulkPlan = { action: "approve" | "reject"; groups: BulkGroup[]; input?: RejectInput; count: number };

/** Where a decision was made, in the audit's words: a button ("single") or the keys. */
export type DecisionSource = "single" | "keyboard";
/**
 * One post's decision waiting out its undo window, whatever path it came by (keys, the preview,
 * the phone sheet, the post page): pinned to the version shown. An approve may carry the
 * confirmation of a flagged post (`confirmed`, and its `note` for the audit) and an admin's override of blocking
 * checks with its reason; a reject carries its reason.
 */
export type SingleDecision = (
  | { kind: "approve"; id: number; version: Pin; source?: DecisionSource; note?: string; confirmed?: boolean; override?: { reason: string } }
  | { kind: "reject"; id: number; version: Pin; source?: DecisionSource; input: RejectInput }
) & {
  /** The post's toast for this decision (given when its window starts): its countdown, then its outcome in place. */
  toast?: string;
};
/** A decision waiting out its undo window: one post's, or a bulk job not yet started. */
export type Deferred = SingleDecision | { kind: "bulk"; plan: BulkPlan };

/** One key per post: a post has at most one decision waiting. */
export const deferredKey = (d: Deferred, serial = 0): string => (d.kind === "bulk" ? `bulk:${serial}` : `post:${d.id}`);

/** Splits selected posts by campaign (in their order on screen), each with the versions known for it. */
export function planBulk(
  action: BulkPlan["action"],
  posts: readonly { task_id: number; campaign_id: number }[],
  ids: readonly number[],
  versionOf: (id: number) => Pin | undefined,
  input?: RejectInput,
): BulkPlan {
  const campaignOf = new Map(posts.map((p) => [p.task_id, p.campaign_id]));
  const groups = new Map<number, BulkGroup>();
  for (const id of ids) {
    const campaignId = campaignOf.get(id);
    if (campaignId === undefined) continue;
    const group = groups.get(campaignId) ?? { campaignId, taskIds: [], versions: [] };
    group.taskIds.push(id);
    // Parallel to taskIds: the version seen, or null where it is not known (that item is not pinned).
    group.versions.push(versionOf(id) ?? null);
    groups.set(campaignId, group);
  }
  const list = [...groups.values()];
  return { action, groups: list, input, count: list.reduce((n, g) => n + g.taskIds.length, 0) };
}

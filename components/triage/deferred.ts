import type { Pin } from "./versions";
import type { RejectInput } from "./use-decisions";

/** One campaign's share of a bulk decision: the upstream jobs are per campaign, so a cross-campaign selection is several. */
export type BulkGroup = { campaignId: number; taskIds: number[]; versions: (number | null)[] };
export type BulkPlan = { action: "approve" | "reject"; groups: BulkGroup[]; input?: RejectInput; count: number };

/** A decision waiting out its undo window: one keyboard approval, or a bulk job not yet started. */
/** `source`: the audit's word for where it was decided (the keys by default; "single" for the preview's button); `note`: a confirmation for the audit. */
export type Deferred = { kind: "approve"; id: number; version: Pin; source?: "single" | "keyboard"; note?: string } | { kind: "bulk"; plan: BulkPlan };

export const deferredKey = (d: Deferred, serial = 0): string => (d.kind === "approve" ? `approve:${d.id}` : `bulk:${serial}`);

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

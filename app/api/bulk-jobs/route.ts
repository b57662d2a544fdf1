// POST /api/bulk-jobs – queue a bulk approve/reject (editor, admin), optionally pinned per item to the version seen, or { only_clean: true } to approve the campaign's clean waiting posts; GET – a campaign's recent jobs
import * as z from "zod";
import { IdParam } from "@/lib/schemas";
import { recentBulkJobs, startBulkJob } from "@/lib/server/bulk";
import { cleanWaiting } from "@/lib/server/bulk/clean";
import { ApiError, say, text } from "@/lib/server/errors";
import { json, parseJsonBody, parseQuery, sameOrigin, withPermission } from "@/lib/server/route";
import { rejectCategory, seenVersion } from "@/lib/server/route/decision-route";
import { visibleText } from "@/lib/schemas/visible-text";
import { accessLostError, checkAccess } from "@/lib/server/access";

/**
 * `versions` (optional) runs parallel to `task_ids`: the active version the
 * person saw of each post, or null where it is not known. Parallel rather
 * than `items: [{ task_id, version }]` so that `task_ids` stays the one list
 * every client sends and a client that knows no versions is unchanged.
 */
const body = () =>
  z
    .object({
      action: z.enum(["approve", "reject"]),
      campaign_id: z.number().int().positive(),
      task_ids: z
        .array(z.number().int().positive())
        .min(1)
        .max(100)
        .refine((ids) => new Set(ids).size === ids.length, "task_ids repeat")
        .optional(),
      versions: z.array(seenVersion.nullable()).optional(),
      reason: visibleText(500).optional(),
      category: rejectCategory().optional(),
      /**
       * "Approve all clean": without task_ids, the campaign's waiting posts the checks find
       * clean, each pinned to the version of its report; every item is approved only if its active
       * version is still clean then (409 not_clean otherwise).
       */
      only_clean: z.literal(true).optional(),
    })
    .refine((b) => b.task_ids !== undefined || b.only_clean === true, { path: ["task_ids"], message: "required" })
    .refine((b) => b.only_clean === undefined || b.action === "approve", { path: ["only_clean"], message: "approve only" })
    // One reason for all: a bulk reject without one would leave the audit log without its why.
    .refine((b) => b.action !== "reject" || b.reason !== undefined, { path: ["reason"], message: "required with reject" })
    .refine((b) => b.versions === undefined || b.versions.length === b.task_ids?.length, {
      path: ["versions"],
      message: "as many values as task_ids",
    });

export const POST = withPermission(
  "decide",
  sameOrigin(async ({ req, session }) => {
    const b = await parseJsonBody(req, body());
    // Asked now and again before every item (lib/server/bulk/runner.ts): a job is not queued for someone who may no longer decide.
    const standing = await checkAccess(session.email, { permission: "decide" });
    if (!standing.ok) throw accessLostError(standing.loss, session.name);
    const reject = b.action === "reject";
    const picked = b.task_ids ? { taskIds: b.task_ids, versions: b.versions } : await cleanWaiting(b.campaign_id);
    if (picked.taskIds.length === 0) throw new ApiError("no_posts", say(text("decisions.noCleanPosts")));
    const job = await startBulkJob({
      user: session,
      campaignId: b.campaign_id,
      action: b.action,
      reason: reject ? (b.reason ?? null) : null,
      reasonCategory: reject ? (b.category ?? null) : null,
      taskIds: picked.taskIds,
      versions: picked.versions,
      ...(b.only_clean ? { onlyClean: true } : {}),
    });
    return json({ job }, { status: 202 });
  }),
);

const ListQuery = z.object({ campaign_id: IdParam });

export const GET = withPermission("decide", async ({ query }) => {
  const { campaign_id } = parseQuery(ListQuery, query);
  return json({ jobs: await recentBulkJobs(campaign_id) });
});

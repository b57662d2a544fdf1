// POST /api/posts/[id]/review – a verdict ("ok" | "changes", with a note for changes) on the active version (reviewer, editor, admin)
import { VerdictBody } from "@/lib/schemas/collab";
import { giveVerdict } from "@/lib/server/collab/verdicts";
import { json, parseId, parseJsonBody, sameOrigin, withPermission } from "@/lib/server/route";
import { service } from "@/lib/server/upstream-service";

export const POST = withPermission(
  "verdict",
  sameOrigin(async ({ req, params, session }) => {
    const taskId = parseId(params.id);
    const body = await parseJsonBody(req, VerdictBody);
    // Compared with the version the reviewer read: a fresh read, like a pinned decision's, since vouching for a replaced text is the failure to avoid.
    const post = await service.postFresh(taskId, "confirm");
    const facts = { campaign_id: post.campaign_id, active_version: post.versions.find((v) => v.is_active)?.version_number ?? null };
    const verdict = await giveVerdict({ task_id: taskId, ...facts, version: body.version, verdict: body.verdict, note: body.note, reviewer: session });
    return json({ data: verdict }, { status: 201 });
  }),
);

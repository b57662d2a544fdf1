// POST /api/bulk-jobs – queue a bulk approve/reject (editor, admin); GET – a campaign's recent jobs
import * as z from "zod";
import { IdParam } from "@/lib/schemas";
import { recentBulkJobs, startBulkJob } from "@/lib/server/bulk";
import { json, parseJsonBody, parseQuery, sameOrigin, withPermission } from "@/lib/server/route";

const Body = z
  .object({
    action: z.enum(["approve", "reject"]),
    campaign_id: z.number().int().positive(),
    task_ids: z
      .array(z.number().int().positive())
      .min(1)
      .max(100)
      .refine((ids) => new Set(ids).size === ids.length, "повторяющиеся task_ids"),
    reason: z.string().trim().min(1).max(500).optional(),
  })
  // One reason for all: a bulk reject without one would leave the audit log without its why.
  .refine((b) => b.action !== "reject" || b.reason !== undefined, { path: ["reason"], message: "обязательный параметр" });

export const POST = withPermission(
  "decide",
  sameOrigin(async ({ req, session }) => {
    const body = await parseJsonBody(req, Body);
    const job = await startBulkJob({
      user: session,
      campaignId: body.campaign_id,
      action: body.action,
      reason: body.action === "reject" ? (body.reason ?? null) : null,
      taskIds: body.task_ids,
    });
    return json({ job }, { status: 202 });
  }),
);

const ListQuery = z.object({ campaign_id: IdParam });

export const GET = withPermission("decide", async ({ query }) => {
  const { campaign_id } = parseQuery(ListQuery, query);
  return json({ jobs: await recentBulkJobs(campaign_id) });
});

// GET /api/bulk-jobs/[id] – a bulk job's progress and each post's result
import { readBulkJob } from "@/lib/server/bulk";
import { ApiError, text } from "@/lib/server/errors";
import { json, parseId, withPermission } from "@/lib/server/route";

export const GET = withPermission("decide", async ({ params }) => {
  const detail = await readBulkJob(parseId(params.id));
  if (!detail) throw new ApiError("not_found", text("decisions.jobNotFound"));
  return json(detail);
});

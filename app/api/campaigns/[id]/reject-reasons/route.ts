// GET /api/campaigns/[id]/reject-reasons – the campaign's reject categories and top 10 reasons by use, from the audit log (editor, admin)
import { env } from "@/lib/env";
import { rejectReasonStats } from "@/lib/server/audit";
import { json, parseId, withPermission } from "@/lib/server/route";

// From the dashboard's own database only: offering reasons costs no upstream request.
export const GET = withPermission("decide", async ({ params }) => {
  const id = parseId(params.id);
  return json(await rejectReasonStats(id, env().REJECT_CATEGORIES));
});

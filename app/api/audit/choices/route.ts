// GET /api/audit/choices – the campaigns and people the audit trail names, for the activity page's pickers (admin, manager)
import * as z from "zod";
import { auditChoices } from "@/lib/server/audit-choices";
import { json, parseQuery, withPermission } from "@/lib/server/route";

// No parameters: anything sent is refused rather than ignored.
const ChoicesQuery = z.strictObject({});

export const GET = withPermission("audit:read", async ({ query }) => {
  parseQuery(ChoicesQuery, query);
  return json(await auditChoices());
});

// GET/PUT /api/checks/defaults – the team's default check rules, for campaigns without their own (any role reads; admins set them, audited)
import { saveRules, teamRules } from "@/lib/server/checks";
import { parseRulesBody } from "@/lib/server/checks/input";
import { json, sameOrigin, withPermission, withSession } from "@/lib/server/route";

export const GET = withSession(async () => json({ data: await teamRules() }));

export const PUT = withPermission(
  "policy:manage",
  sameOrigin(async ({ req, session }) => json({ data: await saveRules(null, await parseRulesBody(req), session) })),
);

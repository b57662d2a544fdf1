// GET/PUT /api/checks/defaults – the team's default check rules, for campaigns without their own (any role reads; admins set them, audited)
import { saveRules, teamRules } from "@/lib/checks/server";
import { parseRulesBody } from "@/lib/checks/server/input";
import { json, sameOrigin, withPermission, withSession } from "@/lib/server/route";

export const GET = withSession(async () => json({ data: await teamRules() }));

export const PUT = withPermission(
  "policy:manage",
  sameOrigin(async ({ req, session }) => json({ data: await saveRules(null, await parseRulesBody(req), session) })),
);

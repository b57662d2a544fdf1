// GET/PUT /api/campaigns/[id]/checks – the campaign's check rules (any role reads; admins set them, audited; PUT says how many waiting posts they flag)
import { rulesFor, saveRules, teamRules } from "@/lib/server/checks";
import { flaggedWaiting } from "@/lib/server/checks/flagged";
import { parseRulesBody } from "@/lib/server/checks/input";
import { json, parseId, sameOrigin, withPermission, withSession } from "@/lib/server/route";
import { service } from "@/lib/server/upstream-service";

export const GET = withSession(async ({ params }) => {
  const id = parseId(params.id);
  const [view, team] = await Promise.all([rulesFor(id), teamRules()]);
  return json({ data: { ...view, defaults: team.rules } });
});

export const PUT = withPermission(
  "policy:manage",
  sameOrigin(async ({ req, params, session, priority }) => {
    const id = parseId(params.id);
    const rules = await parseRulesBody(req);
    // Rules for a campaign that does not exist would be a silent no-op: the (cached) campaign read answers 404 first.
    await service.campaign(id, priority);
    const view = await saveRules(id, rules, session);
    return json({ data: view, flagged: await flaggedWaiting(id) });
  }),
);

// GET/PUT /api/campaigns/[id]/policy – the campaign's approval policy: ordered sign-off steps ({ signoff } or the older { steps: 1 | 2 }); any role reads, admins set it, audited
import * as z from "zod";
import { getPolicy, setPolicy } from "@/lib/server/collab/approval-policy";
import { parsePolicyBody, withUnknownMembers } from "@/lib/server/collab/policy-input";
import { json, parseId, parseJsonBody, sameOrigin, withPermission, withSession } from "@/lib/server/route";
import { service } from "@/lib/server/upstream-service";

export const GET = withSession(async ({ params }) => json({ data: await withUnknownMembers(await getPolicy(parseId(params.id))) }));

export const PUT = withPermission(
  "policy:manage",
  sameOrigin(async ({ req, params, session, priority }) => {
    const campaignId = parseId(params.id);
    // Checked here, step by step, so a refusal names the step and the part of it in words.
    const body = parsePolicyBody(await parseJsonBody(req, z.unknown()));
    // A policy for a campaign that does not exist would be a silent no-op: the (cached) campaign read answers 404 first.
    await service.campaign(campaignId, priority);
    return json({ data: await withUnknownMembers(await setPolicy(campaignId, body, session)) });
  }),
);

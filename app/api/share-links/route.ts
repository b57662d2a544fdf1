// POST /api/share-links – a link for one post or a campaign's waiting posts (editor, admin) → { id, url, link }; GET lists links
import { env } from "@/lib/env";
import { CreateShareLinkBody, ShareLinkListQuery } from "@/lib/schemas/share";
import { json, parseJsonBody, parseQuery, sameOrigin, withPermission } from "@/lib/server/route";
import { withCreatorStanding } from "@/lib/server/share/creator";
import { createShareLink, listShareLinks } from "@/lib/server/share/store";
import { service } from "@/lib/server/upstream-service";

export const POST = withPermission(
  "share:manage",
  sameOrigin(async ({ req, session }) => {
    const body = await parseJsonBody(req, CreateShareLinkBody);
    // What the link names must exist now (cached reads; 404 passes through): a link to nothing is a mistake.
    let auditCampaignId: number | null = null;
    if (body.task_id !== undefined) auditCampaignId = (await service.post(body.task_id, "interactive")).data.campaign_id;
    else if (body.campaign_id !== undefined) await service.campaign(body.campaign_id, "interactive");
    const scope = body.task_id !== undefined ? { task_id: body.task_id } : { campaign_id: body.campaign_id as number };
    const { link, token } = await createShareLink(
      { ...scope, expires_in_hours: body.expires_in_hours, can_decide: body.can_decide, audit_campaign_id: auditCampaignId },
      session,
    );
    // The token is in this answer only; the database keeps its hash.
    const url = new URL(`/s/${token}`, env().NEXTAUTH_URL).toString();
    return json({ id: link.id, url, link }, { status: 201 });
  }),
);

export const GET = withPermission("share:manage", async ({ query }) => {
  const filters = parseQuery(ShareLinkListQuery, query);
  // Each active link says whether it still works: its creator's standing is asked now, as a visitor's request would.
  return json({ items: await withCreatorStanding(await listShareLinks(filters)) });
});

// GET, PUT, DELETE /api/telegram/campaigns/[id] – a campaign's approvers, reminders (N h before, every M h) and escalation (backups K h before, admins at publication); admin; audited
import * as z from "zod";
import { ApiError, text } from "@/lib/server/errors";
import { json, parseId, parseJsonBody, sameOrigin, withPermission } from "@/lib/server/route";
import { auditTelegram } from "@/lib/server/messengers/audit";
import { chatOfCampaign, deleteRule, getRules, saveRule } from "@/lib/server/messengers/store";

const Emails = z.array(z.string().trim().toLowerCase().pipe(z.email())).max(50);
const Rule = z
  .strictObject({
    approvers: Emails.min(1),
    backups: Emails.default([]),
    remind_hours: z.int().min(0).max(168),
    repeat_hours: z.int().min(0).max(168).default(0),
    escalate_hours: z.int().min(0).max(168).default(0),
  })
  .refine((r) => r.escalate_hours <= r.remind_hours || r.remind_hours === 0, { path: ["escalate_hours"], message: "escalation comes after the first reminder (K ≤ N)" });

async function view(id: number) {
  const [rule] = await getRules([id]);
  return { campaign_id: id, rule: rule ?? null, chat_bound: (await chatOfCampaign(id)) !== null };
}

export const GET = withPermission("policy:manage", async ({ params }) => json({ data: await view(parseId(params.id)) }));

export const PUT = withPermission(
  "policy:manage",
  sameOrigin(async ({ req, params, session }) => {
    const id = parseId(params.id);
    const body = await parseJsonBody(req, Rule);
    await saveRule({ campaign_id: id, ...body, updated_by: session.email });
    await auditTelegram({ kind: "telegram.rule_set", actor: { email: session.email, name: session.name, role: session.role }, campaign_id: id, subject_id: String(id), detail: body });
    return json({ data: await view(id) });
  }),
);

export const DELETE = withPermission(
  "policy:manage",
  sameOrigin(async ({ params, session }) => {
    const id = parseId(params.id);
    if (!(await deleteRule(id))) throw new ApiError("not_found", text("telegram.noRules"));
    await auditTelegram({ kind: "telegram.rule_removed", actor: { email: session.email, name: session.name, role: session.role }, campaign_id: id, subject_id: String(id) });
    return json({ data: await view(id) });
  }),
);

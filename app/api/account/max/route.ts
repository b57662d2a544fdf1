// GET, PUT /api/account/max – the signed-in person's MAX link (whether the bot runs, linked or not) and where their reminders go when linked to both
import * as z from "zod";
import { json, parseJsonBody, sameOrigin, withSession } from "@/lib/server/route";
import { maxBotUsername } from "@/lib/server/messengers/max/api";
import { maxConfig } from "@/lib/server/messengers/max/config";
import { maxLinkByEmail } from "@/lib/server/messengers/max/store";
import { DEFAULT_REMINDERS_TO, MESSENGERS, remindersTo, setRemindersTo, type MessengerName } from "@/lib/server/messengers/prefs";
import { auditTelegram } from "@/lib/server/messengers/audit";

async function view(email: string) {
  const c = maxConfig();
  const link = c ? await maxLinkByEmail(email) : null;
  const bot = c ? await maxBotUsername(c).catch(() => null) : null;
  const to = (await remindersTo([email])).get(email.toLowerCase()) ?? DEFAULT_REMINDERS_TO;
  return { available: c !== null, bot, linked: link !== null, username: link?.username ?? null, linked_at: link?.linked_at ?? null, reminders_to: to };
}

export const GET = withSession(async ({ session }) => json({ data: await view(session.email) }));

export const PUT = withSession(
  sameOrigin(async ({ req, session }) => {
    const body = await parseJsonBody(req, z.strictObject({ reminders_to: z.enum(MESSENGERS as [MessengerName, ...MessengerName[]]) }));
    await setRemindersTo(session.email, body.reminders_to);
    await auditTelegram({ kind: "messengers.reminders_to", actor: { email: session.email, name: session.name, role: session.role }, subject_id: session.email.toLowerCase(), detail: body });
    return json({ data: await view(session.email) });
  }),
);

// GET, PUT /api/account/max – the signed-in person's MAX link (whether the bot runs, linked or not, which cards) and where their own messages go when linked to both
import * as z from "zod";
import { json, parseJsonBody, sameOrigin, withSession } from "@/lib/server/route";
import { maxBotUsername } from "@/lib/server/messengers/max/api";
import { maxConfig } from "@/lib/server/messengers/max/config";
import { maxLinkByEmail, setMaxKinds } from "@/lib/server/messengers/max/store";
import { ApiError, text } from "@/lib/server/errors";
import { DEFAULT_REMINDERS_TO, MESSENGERS, remindersTo, setRemindersTo, type MessengerName } from "@/lib/server/messengers/prefs";
import { auditTelegram } from "@/lib/server/messengers/audit";

const Kinds = z.strictObject({ deadline: z.boolean(), mention: z.boolean(), changes_requested: z.boolean(), digest: z.boolean() });
/** Either where reminders go, or which cards the person wants in MAX (as the Telegram section's kinds). */
const Body = z.union([z.strictObject({ reminders_to: z.enum(MESSENGERS as [MessengerName, ...MessengerName[]]) }), z.strictObject({ kinds: Kinds })]);

async function view(email: string) {
  const c = maxConfig();
  const link = c ? await maxLinkByEmail(email) : null;
  const bot = c ? await maxBotUsername(c).catch(() => null) : null;
  const to = (await remindersTo([email])).get(email.toLowerCase()) ?? DEFAULT_REMINDERS_TO;
  return { available: c !== null, bot, linked: link !== null, username: link?.username ?? null, linked_at: link?.linked_at ?? null, kinds: link?.kinds ?? null, reminders_to: to };
}

export const GET = withSession(async ({ session }) => json({ data: await view(session.email) }));

export const PUT = withSession(
  sameOrigin(async ({ req, session }) => {
    const body = await parseJsonBody(req, Body);
    const actor = { email: session.email, name: session.name, role: session.role };
    if ("kinds" in body) {
      if (!maxConfig()) throw new ApiError("feature_unavailable", text("max.notConfigured"));
      if (!(await setMaxKinds(session.email, body.kinds))) throw new ApiError("not_found", text("max.notLinked"));
      await auditTelegram({ kind: "max.settings", actor, subject_id: session.email.toLowerCase(), detail: { kinds: body.kinds } });
    } else {
      await setRemindersTo(session.email, body.reminders_to);
      await auditTelegram({ kind: "messengers.reminders_to", actor, subject_id: session.email.toLowerCase(), detail: body });
    }
    return json({ data: await view(session.email) });
  }),
);

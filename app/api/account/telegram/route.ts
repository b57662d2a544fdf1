// GET, PUT /api/account/telegram – the signed-in person's Telegram link (whether the bot runs, linked or not, which cards) and their card choices
import * as z from "zod";
import { ApiError, text } from "@/lib/server/errors";
import { json, parseJsonBody, sameOrigin, withSession } from "@/lib/server/route";
import { auditTelegram } from "@/lib/server/messengers/audit";
import { telegramConfig } from "@/lib/server/messengers/telegram/config";
import { botUsername } from "@/lib/server/messengers/telegram/api";
import { linkByEmail, setKinds } from "@/lib/server/messengers/store";

const Kinds = z.strictObject({ deadline: z.boolean(), mention: z.boolean(), changes_requested: z.boolean(), digest: z.boolean() });

async function view(email: string) {
  const c = telegramConfig();
  const link = c ? await linkByEmail(email) : null;
  const bot = c ? await botUsername(c).catch(() => null) : null;
  return { available: c !== null, bot, linked: link !== null, username: link?.username ?? null, linked_at: link?.linked_at ?? null, kinds: link?.kinds ?? null };
}

export const GET = withSession(async ({ session }) => json({ data: await view(session.email) }));

export const PUT = withSession(
  sameOrigin(async ({ req, session }) => {
    const body = await parseJsonBody(req, z.strictObject({ kinds: Kinds }));
    if (!telegramConfig()) throw new ApiError("feature_unavailable", text("telegram.notConfigured"));
    if (!(await setKinds(session.email, body.kinds))) throw new ApiError("not_found", text("telegram.notLinked"));
    await auditTelegram({ kind: "telegram.settings", actor: { email: session.email, name: session.name, role: session.role }, subject_id: session.email.toLowerCase(), detail: { kinds: body.kinds } });
    return json({ data: await view(session.email) });
  }),
);

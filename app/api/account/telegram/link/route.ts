// POST, DELETE /api/account/telegram/link – a one-time deep link (t.me/<bot>?start=<code>, 10 minutes) that ties Telegram to the signed-in person; DELETE unlinks
import { ApiError, text } from "@/lib/server/errors";
import { json, sameOrigin, withSession } from "@/lib/server/route";
import { auditTelegram } from "@/lib/server/messengers/audit";
import { safeError, telegramConfig } from "@/lib/server/messengers/telegram/config";
import { botUsername } from "@/lib/server/messengers/telegram/api";
import { createLinkCode, unlink } from "@/lib/server/messengers/store";
import { log } from "@/lib/server/log";

export const POST = withSession(
  sameOrigin(async ({ session }) => {
    const c = telegramConfig();
    if (!c) throw new ApiError("feature_unavailable", text("telegram.notConfigured"));
    let bot: string;
    try {
      bot = await botUsername(c);
    } catch (e) {
      log.warn("telegram getMe failed", { error: safeError(e, c) });
      throw new ApiError("upstream_unavailable", text("telegram.linkFailed"));
    }
    const { code, expiresAt } = await createLinkCode(session.email);
    await auditTelegram({ kind: "telegram.link_code", actor: { email: session.email, name: session.name, role: session.role }, subject_id: session.email.toLowerCase() });
    return json({ code, url: `https://t.me/${bot}?start=${code}`, expires_at: expiresAt });
  }),
);

export const DELETE = withSession(
  sameOrigin(async ({ session }) => {
    const removed = await unlink({ email: session.email });
    if (removed) await auditTelegram({ kind: "telegram.unlinked", actor: { email: session.email, name: session.name, role: session.role }, subject_id: session.email.toLowerCase(), detail: { from: "dashboard" } });
    return json({ unlinked: removed });
  }),
);

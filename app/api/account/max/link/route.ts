// POST, DELETE /api/account/max/link – a one-time deep link (max.ru/<bot>?start=<code>, 10 minutes) that ties MAX to the signed-in person; DELETE unlinks
import { ApiError, text } from "@/lib/server/errors";
import { log } from "@/lib/server/log";
import { json, sameOrigin, withSession } from "@/lib/server/route";
import { maxBotUsername } from "@/lib/server/messengers/max/api";
import { maxConfig, safeMaxError } from "@/lib/server/messengers/max/config";
import { unlinkMax } from "@/lib/server/messengers/max/store";
import { auditTelegram } from "@/lib/server/messengers/audit";
import { createLinkCode } from "@/lib/server/messengers/store";

export const POST = withSession(
  sameOrigin(async ({ session }) => {
    const c = maxConfig();
    if (!c) throw new ApiError("feature_unavailable", text("max.notConfigured"));
    let bot: string;
    try {
      bot = await maxBotUsername(c);
    } catch (e) {
      log.warn("max GET /me failed", { error: safeMaxError(e, c) });
      throw new ApiError("upstream_unavailable", text("max.linkFailed"));
    }
    // The layer's one live code per person: a MAX link ends an unused Telegram code too.
    const { code, expiresAt } = await createLinkCode(session.email);
    await auditTelegram({ kind: "max.link_code", actor: { email: session.email, name: session.name, role: session.role }, subject_id: session.email.toLowerCase() });
    return json({ code, url: `https://max.ru/${bot}?start=${code}`, expires_at: expiresAt });
  }),
);

export const DELETE = withSession(
  sameOrigin(async ({ session }) => {
    const removed = await unlinkMax({ email: session.email });
    if (removed) await auditTelegram({ kind: "max.unlinked", actor: { email: session.email, name: session.name, role: session.role }, subject_id: session.email.toLowerCase(), detail: { from: "dashboard" } });
    return json({ unlinked: removed });
  }),
);

// POST /api/posts/[id]/telegram – sends the post's card (with its buttons) to the signed-in person's own Telegram chat; audited
import { ApiError, text } from "@/lib/server/errors";
import { log } from "@/lib/server/log";
import { json, parseId, sameOrigin, withSession } from "@/lib/server/route";
import { service } from "@/lib/server/upstream-service";
import { sendCard } from "@/lib/server/messengers/card";
import { telegramMessenger } from "@/lib/server/messengers/telegram/messenger";
import { safeError, telegramConfig } from "@/lib/server/messengers/telegram/config";
import { telegramApi } from "@/lib/server/messengers/telegram/api";
import { linkByEmail } from "@/lib/server/messengers/store";

export const POST = withSession(
  sameOrigin(async ({ params, session, priority }) => {
    const id = parseId(params.id);
    const c = telegramConfig();
    if (!c) throw new ApiError("feature_unavailable", text("telegram.notConfigured"));
    const link = await linkByEmail(session.email);
    if (!link) throw new ApiError("conflict", text("telegram.notLinkedProfile"));
    const post = (await service.post(id, priority)).data;
    try {
      const sent = await sendCard(telegramMessenger(telegramApi(c), c), link.chat_id, post, { kind: "request", headline: (t) => t.kind.request, forEmail: session.email });
      return json({ sent: true, card: sent.cardId });
    } catch (e) {
      log.warn("telegram card on request not sent", { task_id: id, error: safeError(e, c) });
      throw new ApiError("upstream_unavailable", text("telegram.notSent"));
    }
  }),
);

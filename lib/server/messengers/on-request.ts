import "server-only";
import type { SessionUser } from "@/lib/auth/roles";
import { ApiError, text } from "@/lib/server/errors";
import { log } from "@/lib/server/log";
import { service, type Priority } from "@/lib/server/upstream-service";
import { sendCard } from "./card";
import { channelsFromEnv } from "./channels";
import { maxLinkByEmail } from "./max/store";
import type { MessengerName } from "./prefs";
import { linkByEmail } from "./store";

/** The person's own chat with a messenger's bot, or null when not linked there. */
async function ownChat(name: MessengerName, email: string): Promise<string | null> {
  return ((name === "max" ? await maxLinkByEmail(email) : await linkByEmail(email))?.chat_id ?? null);
}

const texts = {
  telegram: { notConfigured: text("telegram.notConfigured"), notLinked: text("telegram.notLinkedProfile"), notSent: text("telegram.notSent") },
  max: { notConfigured: text("max.notConfigured"), notLinked: text("max.notLinkedProfile"), notSent: text("max.notSent") },
};

/** «Отправить в Telegram / MAX» on the post page: the post's card, with its buttons, to the person's own chat with that bot; audited by sendCard. */
export async function sendOnRequest(name: MessengerName, who: SessionUser, taskId: number, priority: Priority): Promise<{ sent: true; card: string }> {
  const m = channelsFromEnv()[name];
  if (!m) throw new ApiError("feature_unavailable", texts[name].notConfigured);
  const chat = await ownChat(name, who.email);
  if (!chat) throw new ApiError("conflict", texts[name].notLinked);
  const post = (await service.post(taskId, priority)).data;
  try {
    const sent = await sendCard(m, chat, post, { kind: "request", headline: (t) => t.kind.request, forEmail: who.email });
    return { sent: true, card: sent.cardId };
  } catch (e) {
    log.warn(`${name} card on request not sent`, { task_id: taskId, error: m.safeError(e) });
    throw new ApiError("upstream_unavailable", texts[name].notSent);
  }
}

/** The messengers whose bot runs and that the person linked: where the post page offers to send a card. */
export async function linkedMessengers(email: string): Promise<MessengerName[]> {
  const ch = channelsFromEnv();
  const out: MessengerName[] = [];
  for (const name of ["telegram", "max"] as const) if (ch[name] && (await ownChat(name, email))) out.push(name);
  return out;
}

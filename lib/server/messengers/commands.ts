import "server-only";
import { can, type SessionUser } from "@/lib/auth/roles";
import { isKnownCampaign } from "./known-campaign";
import { currentPerson } from "@/lib/server/access";
import { auditTelegram } from "./audit";
import { consumeLinkCode, bindChat, unbindChat } from "./store";
import { textsFor } from "./language";
import { botTexts, type BotTexts } from "./texts";

/**
 * The commands both bots answer alike; an adapter reads the update, calls
 * these, and sends the text they return.
 */

/** /start <code>: the code's person is linked through `save`; the reply in their language (or `stranger`'s when refused). */
export async function linkWithCode(code: string, o: { messenger: "telegram" | "max"; save: (email: string) => Promise<void>; username: string | null; stranger: BotTexts }): Promise<string> {
  const email = /^[A-Za-z0-9_-]{8,64}$/.test(code) ? await consumeLinkCode(code) : null;
  const user = email ? await currentPerson(email) : null;
  if (!email || !user) return o.stranger.linkFailed;
  await o.save(email);
  await auditTelegram({ kind: `${o.messenger}.linked`, actor: { email: user.email, name: user.name, role: user.role }, subject_id: email, detail: { username: o.username } });
  const t = await textsFor(email);
  return t.linked(user.name, t.role(user.role), o.messenger);
}

/** /bind N and /unbind N in a team chat, by an admin; the reply in the team's language. */
export async function bindCommand(o: { messenger: "telegram" | "max"; person: SessionUser; chatRef: string; title: string | null; arg: string; binding: boolean }): Promise<string> {
  const t = botTexts();
  if (!can(o.person.role, "policy:manage")) return t.adminsOnly;
  const id = Number(o.arg.trim());
  if (!Number.isSafeInteger(id) || id <= 0) return t.bindUsage;
  // Unbinding stays possible for a campaign gone since; binding needs one the dashboard knows.
  if (o.binding && !(await isKnownCampaign(id))) return t.unknownCampaign(id);
  if (o.binding) await bindChat({ campaignId: id, chatId: o.chatRef, title: o.title, by: o.person.email });
  else await unbindChat(id, o.chatRef);
  const actor = { email: o.person.email, name: o.person.name, role: o.person.role };
  await auditTelegram({ kind: `${o.messenger}.${o.binding ? "chat_bound" : "chat_unbound"}`, actor, campaign_id: id, subject_id: o.chatRef });
  return o.binding ? t.bound(id) : t.unbound(id);
}

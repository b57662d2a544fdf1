import "server-only";
import type { Api } from "@maxhub/max-bot-api";
import type { Update } from "@maxhub/max-bot-api/types";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { bindCommand, linkWithCode } from "../commands";
import { deciderFor } from "../people";
import { sendDigest } from "../digest";
import { handlePress, handleReasonText } from "../press";
import { chatLimiter, withinLimit } from "../rate-limit";
import { auditTelegram } from "../audit";
import { campaignsOfChat } from "../store";
import { appLanguage, textsFor } from "../language";
import { botTexts, type BotTexts } from "../texts";
import { maxRef, type MaxConfig } from "./config";
import { maxMessenger } from "./messenger";
import { maxLinkByUser, saveMaxLink, unlinkMax } from "./store";

/** The person's app language ("ru-RU"); the library's type for it does not resolve (0.3.1), so it is read as what it is on the wire. */
const localeOf = (u: object): string | undefined => {
  const v = (u as { user_locale?: unknown }).user_locale;
  return typeof v === "string" ? v : undefined;
};

/** MAX's answer to a press: a one-time notification to the presser (the library's 0.3.1 type lacks the field). */
type AnswerExtra = Parameters<Api["answerOnCallback"]>[1];
const notification = (text: string): AnswerExtra => ({ notification: text.slice(0, 200) }) as unknown as AnswerExtra;

/** The MAX bot's answer to one update, the layer doing the work; its adapter (./messenger.ts) does the talking. */
export type MaxBot = { handle(u: Update): Promise<void> };

export function createMaxBot(api: Api, c: MaxConfig, o: { chatLimit?: { points: number; seconds: number } } = {}): MaxBot {
  const m = maxMessenger(api, c);
  const limiter: RateLimiterAbstract = chatLimiter("max", o.chatLimit);
  const say = (chatRef: string, text: string) => m.send(chatRef, text.replace(/[&<>"]/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[ch] as string)).then(() => undefined);
  const textsOf = async (email: string | null | undefined, locale?: string | null): Promise<BotTexts> => (email ? textsFor(email) : botTexts(appLanguage(locale ?? undefined)));

  async function onText(u: Extract<Update, { update_type: "message_created" }>): Promise<void> {
    const msg = u.message;
    const from = msg.sender;
    if (!from || msg.recipient.chat_id === null) return;
    const chatRef = maxRef(msg.recipient.chat_id);
    const userRef = maxRef(from.user_id);
    const text = (msg.body.text ?? "").trim();
    const dialog = msg.recipient.chat_type === "dialog";
    const [command, ...rest] = text.split(/\s+/);
    const arg = rest.join(" ");
    if (!dialog) {
      // A group: only a bound chat, or a command that binds one; a stranger is not answered at all.
      if (command === "/bind" || command === "/unbind") {
        const person = await deciderFor(userRef);
        if (person) await say(chatRef, await bindCommand({ messenger: "max", person, chatRef, title: null, arg, binding: command === "/bind" }));
        return;
      }
      if ((await campaignsOfChat(chatRef)).length === 0) return;
    }
    if (dialog && command === "/start" && arg) return void (await say(chatRef, await link(arg, userRef, chatRef, from.username ?? null, localeOf(u))));
    if (dialog && command === "/unlink") {
      const had = await maxLinkByUser(userRef);
      const t = await textsOf(had?.email, localeOf(u));
      if (!had || !(await unlinkMax({ userRef }))) return void (await say(chatRef, t.notLinked("max")));
      await auditTelegram({ kind: "max.unlinked", actor: { email: had.email, name: had.email, role: "unknown" }, subject_id: had.email, detail: { from: "max" } });
      return void (await say(chatRef, t.unlinked));
    }
    if (dialog && command === "/digest") {
      const person = await deciderFor(userRef);
      if (!person) return void (await say(chatRef, (await textsOf(null, localeOf(u))).strangers));
      return sendDigest(m, chatRef, person.email);
    }
    const handled = await handleReasonText({ m, chatId: chatRef, fromId: userRef, text, say: (x) => say(chatRef, x) });
    if (handled || !dialog) return;
    const person = await deciderFor(userRef);
    const t = await textsOf(person?.email, localeOf(u));
    await say(chatRef, person ? t.help("max") : t.strangers);
  }

  function link(code: string, userRef: string, chatRef: string, username: string | null, locale?: string | null): Promise<string> {
    return textsOf(null, locale).then((stranger) => linkWithCode(code, { messenger: "max", save: (email) => saveMaxLink({ email, userRef, chatRef, username }), username, stranger }));
  }

  return {
    async handle(u) {
      const chat = u.update_type === "message_created" ? u.message.recipient.chat_id : u.update_type === "message_callback" ? u.message?.recipient.chat_id : u.update_type === "bot_started" ? u.chat_id : null;
      if (chat === null || chat === undefined) return;
      if (!(await withinLimit(limiter, String(chat), "max"))) {
        if (u.update_type === "message_callback") await api.answerOnCallback(u.callback.callback_id, notification((await textsOf(null, localeOf(u))).tooFast)).catch(() => undefined);
        return;
      }
      switch (u.update_type) {
        case "bot_started":
          // The deep link max.ru/<bot>?start=<code> arrives as the bot's start with its payload.
          if (u.payload) await say(maxRef(u.chat_id), await link(u.payload, maxRef(u.user.user_id), maxRef(u.chat_id), u.user.username ?? null, localeOf(u)));
          else await say(maxRef(u.chat_id), (await textsOf(null, localeOf(u))).strangers);
          return;
        case "message_created":
          return onText(u);
        case "message_callback":
          return handlePress({
            m,
            chatId: maxRef(chat),
            fromId: maxRef(u.callback.user.user_id),
            data: u.callback.payload ?? "",
            language: localeOf(u),
            // MAX has no alert: every answer is a notification to the presser alone.
            reply: { answer: async (text) => void (await api.answerOnCallback(u.callback.callback_id, notification(text)).catch(() => undefined)) },
          });
        default:
          return;
      }
    },
  };
}

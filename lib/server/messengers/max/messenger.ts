import "server-only";
import type { Api } from "@maxhub/max-bot-api";
import type { Keyboard, Messenger } from "../messenger";
import { urlButtonAllowed } from "../url";
import { maxApi } from "./api";
import { maxConfig, maxId, safeMaxError, type MaxConfig } from "./config";

/** MAX's inline keyboard: an attachment of rows of callback (payload) and link buttons. */
function keyboardOf(k: Keyboard) {
  const buttons = k.map((row) => row.map((b) => ("url" in b ? { type: "link" as const, text: b.text, url: b.url } : { type: "callback" as const, text: b.text, payload: b.press })));
  return buttons.length > 0 ? [{ type: "inline_keyboard" as const, payload: { buttons } }] : [];
}

/** The MAX adapter: the layer's calls as MAX Bot API requests (POST/PUT /messages). Chats arrive as "max:<id>". */
export function maxMessenger(api: Api, c: MaxConfig): Messenger {
  return {
    name: "max",
    baseUrl: c.baseUrl,
    textLimit: 4000,
    // MAX's docs give 4000 characters for a message's text without saying markup is left out: held to the text as sent.
    limitCountsMarkup: true,
    urlButtonAllowed,
    async send(chat, html, o = {}) {
      const m = await api.sendMessageToChat(maxId(chat), html, {
        format: "html",
        attachments: keyboardOf(o.buttons ?? []),
        ...(o.replyTo ? { link: { type: "reply", mid: o.replyTo } } : {}),
        disable_link_preview: true,
      });
      return m.body.mid;
    },
    async sendPictures(chat, urls) {
      if (urls.length > 0) await api.sendMessageToChat(maxId(chat), "", { attachments: urls.map((url) => ({ type: "image", payload: { url } })) });
    },
    async edit(_chat, message, html, buttons) {
      // An empty attachments list takes the keyboard away; the text is replaced.
      await api.editMessage(message, { text: html, format: "html", attachments: keyboardOf(buttons) });
    },
    async editButtons(_chat, message, buttons) {
      // Text left out: MAX keeps the message's text and replaces only its attachments.
      await api.editMessage(message, { attachments: keyboardOf(buttons) });
    },
    safeError: (e) => safeMaxError(e, c),
  };
}

/** The MAX adapter when MAX_BOT_TOKEN is set (for the tick's reminders), else null. */
export function maxMessengerFromEnv(): Messenger | null {
  const c = maxConfig();
  return c ? maxMessenger(maxApi(c), c) : null;
}

import "server-only";
import type { Api } from "grammy";
import type { InlineKeyboardButton, InputMediaPhoto } from "grammy/types";
import type { Keyboard, Messenger } from "../messenger";
import { urlButtonAllowed } from "../url";
import { telegramApi } from "./api";
import { safeError, telegramConfig, type TelegramConfig } from "./config";

const inline = (k: Keyboard): InlineKeyboardButton[][] => k.map((row) => row.map((b) => ("url" in b ? { text: b.text, url: b.url } : { text: b.text, callback_data: b.press })));
const NO_PREVIEW = { link_preview_options: { is_disabled: true } } as const;

/** The Telegram adapter: the layer's calls as Bot API methods (grammY). */
export function telegramMessenger(api: Api, c: TelegramConfig): Messenger {
  return {
    name: "telegram",
    baseUrl: c.baseUrl,
    textLimit: 4096,
    limitCountsMarkup: false,
    urlButtonAllowed,
    async send(chat, html, o = {}) {
      const msg = await api.sendMessage(chat, html, {
        parse_mode: "HTML",
        ...NO_PREVIEW,
        ...(o.buttons ? { reply_markup: { inline_keyboard: inline(o.buttons) } } : {}),
        ...(o.replyTo ? { reply_parameters: { message_id: Number(o.replyTo), allow_sending_without_reply: true } } : {}),
      });
      return String(msg.message_id);
    },
    async sendPictures(chat, urls) {
      if (urls.length === 1) await api.sendPhoto(chat, urls[0] as string);
      else if (urls.length > 1) await api.sendMediaGroup(chat, urls.map((media): InputMediaPhoto => ({ type: "photo", media })));
    },
    async edit(chat, message, html, buttons) {
      await api.editMessageText(chat, Number(message), html, { parse_mode: "HTML", reply_markup: { inline_keyboard: inline(buttons) }, ...NO_PREVIEW });
    },
    async editButtons(chat, message, buttons) {
      await api.editMessageReplyMarkup(chat, Number(message), { reply_markup: { inline_keyboard: inline(buttons) } });
    },
    safeError: (e) => safeError(e, c),
  };
}

/** The Telegram adapter when TELEGRAM_BOT_TOKEN is set, else null. */
export function telegramMessengerFromEnv(): Messenger | null {
  const c = telegramConfig();
  return c ? telegramMessenger(telegramApi(c), c) : null;
}

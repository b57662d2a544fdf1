import "server-only";
import type { Messenger } from "./messenger";
import { maxMessengerFromEnv } from "./max/messenger";
import { isMaxRef } from "./max/config";
import { telegramMessengerFromEnv } from "./telegram/messenger";

/** The messengers the server runs (a token set): each adapter, or null. */
export type Channels = { telegram: Messenger | null; max: Messenger | null };

export function channelsFromEnv(): Channels {
  return { telegram: telegramMessengerFromEnv(), max: maxMessengerFromEnv() };
}

/** The adapter that speaks to a chat as the layer names it ("max:<id>" is MAX's, the rest Telegram's); null when that bot is off. */
export function messengerOf(ch: Channels, chat: string): Messenger | null {
  return isMaxRef(chat) ? ch.max : ch.telegram;
}

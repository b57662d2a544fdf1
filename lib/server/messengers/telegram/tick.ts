import "server-only";
import type { Api } from "grammy";
import { maxMessengerFromEnv } from "../max/messenger";
import { messengersTick } from "../tick";
import type { TelegramConfig } from "./config";
import { telegramMessenger } from "./messenger";

/** The layer's tick (../tick.ts) with this Telegram client, and MAX when its bot is set up. */
export function telegramTick(api: Api | null, c: TelegramConfig | null, now = Date.now()): Promise<void> {
  return messengersTick({ telegram: api && c ? telegramMessenger(api, c) : null, max: maxMessengerFromEnv() }, now);
}

import "server-only";
import { Api } from "grammy";
import type { TelegramConfig } from "./config";

/**
 * A Bot API client for routes that send (a card on request, the link's bot
 * name). One per bundle and token; it holds no state beyond its options.
 */
let cachedApi: { key: string; api: Api } | undefined;
export function telegramApi(c: TelegramConfig): Api {
  const key = `${c.apiRoot} ${c.token}`;
  if (cachedApi?.key !== key) cachedApi = { key, api: new Api(c.token, { apiRoot: c.apiRoot }) };
  return cachedApi.api;
}

/** The bot's @username (for t.me links), read once per bundle. */
const usernames = new Map<string, Promise<string>>();
export function botUsername(c: TelegramConfig): Promise<string> {
  let p = usernames.get(c.token);
  if (!p) {
    p = telegramApi(c)
      .getMe()
      .then((me) => me.username);
    p.catch(() => usernames.delete(c.token));
    usernames.set(c.token, p);
  }
  return p;
}

/** Tests start a new Bot API server per file. */
export function resetTelegramApiForTests(): void {
  cachedApi = undefined;
  usernames.clear();
}
